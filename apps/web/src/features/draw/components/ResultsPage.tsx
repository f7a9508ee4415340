import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { prizeFullName, type WonPrize } from '@kujiya/shared';
import { Dialog } from '../../../components/ui/Dialog';
import { LiveAnnouncement } from '../../../components/ui/LiveAnnouncement';
import { imageUrl } from '../../../lib/image-url';
import { clearResults, readResults, storeRetryProduct, type ResultsState } from '../lib/results-state';
import './results.css';

/** /results: 'YOU WON', the prize cards, Try Again and Browse Others. */
export function ResultsPage() {
  const [results] = useState<ResultsState | null>(readResults);
  const [zoomed, setZoomed] = useState<WonPrize | null>(null);
  const navigate = useNavigate();

  // Leaving the page clears the prizes and the order state (it was read into memory above).
  useEffect(() => () => clearResults(), []);

  if (!results) {
    return (
      <main className="page results">
        <h1 className="results__title">YOU WON</h1>
        <p>There are no results to show.</p>
        <button type="button" className="btn btn--primary" onClick={() => navigate('/ichiban-kuji-products')}>
          Browse Others
        </button>
      </main>
    );
  }

  return (
    <main className="page results">
      <h1 className="results__title">YOU WON</h1>
      <p className="results__set">{results.product.name}</p>
      {/* The whole haul in one sentence for a screen reader, read as the page opens. */}
      <LiveAnnouncement
        message={`You won ${results.prizes.map((prize) => `${prize.quantity} × ${prizeFullName(prize)}`).join(', ') || 'no prizes yet'}.`}
      />
      {results.prizes.length === 0 && <p>No prizes yet: chance sets are drawn when they sell out.</p>}
      <ul className="results__list">
        {results.prizes.map((prize) => (
          <li key={prize.id} className="results__card card" data-testid="result-prize">
            <button
              type="button"
              className="results__image-button"
              aria-label={`View ${prize.name} full size`}
              onClick={() => setZoomed(prize)}
            >
              <img src={imageUrl(prize.image)} alt="" width={96} height={96} />
            </button>
            <div className="results__info">
              <p className="results__name">{prize.name}</p>
              <p className="results__quantity">Quantity: {prize.quantity}</p>
              <p className="results__description">{prize.description}</p>
            </div>
          </li>
        ))}
      </ul>
      <div className="results__actions">
        <button
          type="button"
          className="btn btn--primary btn--block"
          onClick={() => {
            storeRetryProduct(results.product);
            navigate('/ichiban-kuji-products');
          }}
        >
          Try Again
        </button>
        <button type="button" className="btn btn--ghost btn--block" onClick={() => navigate('/ichiban-kuji-products')}>
          Browse Others
        </button>
      </div>
      <Dialog
        open={zoomed !== null}
        onClose={() => setZoomed(null)}
        title={zoomed ? `${zoomed.name} (${zoomed.description})` : ''}
        className="results__zoom"
      >
        {zoomed && <img className="results__zoom-image" src={imageUrl(zoomed.image)} alt={zoomed.description} />}
      </Dialog>
    </main>
  );
}

import { useMemo, useState } from 'react';
import { TRADE_ALERTS, type WantedPrizeRequest } from '@kujiya/shared';
import { Dialog } from '../../../components/ui/Dialog';
import { imageUrl } from '../../../lib/image-url';
import { useProductsImages } from '../api/getProductsImages';
import { useProductsWithPrizes } from '../api/getProductsWithPrizes';
import { matchingSets, wantedQuantity, withWanted } from '../lib/wanted-prizes';

interface PrizeSelectionModalProps {
  open: boolean;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (wanted: WantedPrizeRequest[]) => void;
}

/** Trade creation, second step: search sets by name and choose how many of which prizes you want. */
export function PrizeSelectionModal({ open, busy, error, onCancel, onConfirm }: PrizeSelectionModalProps) {
  const products = useProductsWithPrizes(open);
  const [search, setSearch] = useState('');
  const [wanted, setWanted] = useState<WantedPrizeRequest[]>([]);
  const sets = useMemo(() => matchingSets(products.data?.products ?? [], search), [products.data, search]);
  const images = useProductsImages(sets.map((s) => s._id));
  const imageOf = (prizeId: string, fallback: string) => images.data?.prizeImages[prizeId] ?? fallback;

  return (
    <Dialog open={open} onClose={onCancel} title="Select Prizes You Want" className="prize-picker">
      <input
        className="prize-picker__search"
        type="search"
        placeholder="Search by set name"
        aria-label="Search by set name"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {products.isPending && <div className="spinner" role="status" aria-label="Loading sets" />}
      {products.isSuccess && search.trim() === '' && <p className="empty-text">{TRADE_ALERTS.enterSetName}</p>}
      {products.isSuccess && search.trim() !== '' && sets.length === 0 && (
        <p className="empty-text">{TRADE_ALERTS.noSetsMatching(search.trim())}</p>
      )}
      <div className="prize-picker__sets">
        {sets.map((product) => (
          <section key={product._id} className="prize-picker__set" aria-label={product.name}>
            <h3 className="prize-picker__set-name">{product.name}</h3>
            <ul className="prize-picker__prizes">
              {product.prizes.map((prize) => {
                const quantity = wantedQuantity(wanted, prize._id);
                return (
                  <li
                    key={prize._id}
                    className="prize-picker__prize"
                    data-testid="wanted-prize"
                    data-prize-name={prize.name}
                  >
                    <img src={imageUrl(imageOf(prize._id, prize.image))} alt="" loading="lazy" />
                    <span className="prize-picker__prize-text">
                      <span className="prize-picker__prize-name">{prize.name}</span>
                      {prize.description && (
                        <span className="prize-picker__prize-description">{prize.description}</span>
                      )}
                    </span>
                    <div className="qty-control" role="group" aria-label={`Wanted quantity of ${prize.name}`}>
                      <button
                        type="button"
                        className="qty-control__btn"
                        aria-label="Decrease"
                        disabled={quantity === 0}
                        onClick={() => setWanted(withWanted(wanted, product, prize, quantity - 1))}
                      >
                        −
                      </button>
                      <span className="qty-control__value" aria-live="polite">
                        {quantity}
                      </span>
                      <button
                        type="button"
                        className="qty-control__btn"
                        aria-label="Increase"
                        onClick={() => setWanted(withWanted(wanted, product, prize, quantity + 1))}
                      >
                        +
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={busy || wanted.length === 0}
          onClick={() => onConfirm(wanted)}
        >
          {busy ? 'Please wait…' : 'Confirm'}
        </button>
      </div>
    </Dialog>
  );
}

import { useState } from 'react';
import type { SelfCollection } from '@kujiya/shared';
import { Dialog } from '../../../components/ui/Dialog';
import { PickupPointDetails } from '../../../components/PickupPointDetails';
import { serverMessageOf } from '../../../lib/api-client';
import { formatSgDateTime } from '@kujiya/shared';
import { useCancelCollection } from '../api/cancelCollection';

const statusText: Record<SelfCollection['status'], string> = {
  pending: 'Pending',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** One self-collection: reference, slot, status, items; a pending one can be cancelled (its items return). */
export function CollectionCard({ collection }: { collection: SelfCollection }) {
  const cancel = useCancelCollection();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <li className="card shipment-card" data-testid="collection-card">
      <div className="shipment-card__head">
        <strong>{collection.collectionId}</strong>
        <span className={`status-pill status-pill--${collection.status}`}>{statusText[collection.status]}</span>
      </div>
      <p className="collection-card__slot">
        Collection: <strong>{formatSgDateTime(collection.collectionDate)}</strong>
      </p>
      <ul className="shipment-card__items">
        {collection.inventoryItems.map((item, index) => (
          <li key={index}>
            <span>
              {item.prizeName} <span className="muted">({item.setName})</span>
            </span>
            <strong>× {item.quantity}</strong>
          </li>
        ))}
      </ul>
      {collection.status === 'pending' && <PickupPointDetails heading="Collect at" />}
      {collection.status === 'pending' && (
        <button type="button" className="btn btn--ghost btn--block" onClick={() => setConfirming(true)}>
          Cancel Collection
        </button>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} title="Cancel Collection">
        <p>Cancel this self-collection? The items go back to your inventory.</p>
        {error && (
          <p className="error-text" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn btn--ghost" onClick={() => setConfirming(false)}>
            No
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(collection._id, {
                onSuccess: () => setConfirming(false),
                onError: (failure) =>
                  setError(serverMessageOf(failure) ?? 'Failed to cancel the collection. Please try again.'),
              })
            }
          >
            Yes, cancel
          </button>
        </div>
      </Dialog>
    </li>
  );
}

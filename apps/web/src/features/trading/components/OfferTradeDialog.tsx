import { useMemo, useState } from 'react';
import { TRADE_ALERTS, type Trade, formatSgDate } from '@kujiya/shared';
import { Dialog } from '../../../components/ui/Dialog';
import { imageUrl } from '../../../lib/image-url';
import { useSession } from '../../../lib/session';
import { useOfferableInventory } from '../api/getOfferableInventory';
import { useSubmitOffer } from '../api/submitOffer';
import { tradeFailureText } from '../lib/alerts';
import { offerableUnits, withOfferQuantity } from '../lib/offer-units';

interface OfferTradeDialogProps {
  trade: Trade | null;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** Offer Trade: choose which of your own tradable units to offer for this trade. */
export function OfferTradeDialog({ trade, onClose, onDone }: OfferTradeDialogProps) {
  const { username } = useSession();
  const inventory = useOfferableInventory(username, trade !== null);
  const submit = useSubmitOffer();
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const [error, setError] = useState<string | null>(null);
  const [now] = useState(() => new Date());
  const units = useMemo(() => (inventory.data ? offerableUnits(inventory.data, now) : []), [inventory.data, now]);
  const count = Object.values(chosen).reduce((a, b) => a + b, 0);

  function send() {
    if (!trade) return;
    setError(null);
    submit.mutate(
      {
        tradeId: trade._id,
        request: { offeredItems: Object.entries(chosen).map(([batchId, quantity]) => ({ batchId, quantity })) },
      },
      {
        onSuccess: (answer) => {
          setChosen({});
          onDone(answer.message);
        },
        onError: (failure) => setError(tradeFailureText(failure, TRADE_ALERTS.offerFailed, TRADE_ALERTS.offerError)),
      },
    );
  }

  return (
    <Dialog open={trade !== null} onClose={onClose} title="Offer Trade">
      <p>Choose the items you offer for {trade?.createdBy.username}&rsquo;s trade.</p>
      {inventory.isPending && <div className="spinner" role="status" aria-label="Loading your items" />}
      {inventory.isSuccess && units.length === 0 && <p className="empty-text">You have no items you can trade.</p>}
      <ul className="offer-units">
        {units.map((unit) => {
          const quantity = chosen[unit.batchId] ?? 0;
          return (
            <li key={unit.batchId} className="offer-unit" data-testid="offer-unit" data-prize-name={unit.prizeName}>
              <img src={imageUrl(unit.image)} alt="" loading="lazy" />
              <div className="offer-unit__text">
                <strong>{unit.prizeName}</strong>
                <span>{unit.setName}</span>
                <span>{unit.shipByDate ? `Ship by ${formatSgDate(unit.shipByDate)}` : 'Pre-order'}</span>
              </div>
              <div className="trade-qty" role="group" aria-label={`Quantity of ${unit.prizeName}`}>
                {/* aria-disabled, not disabled: a focused step that reaches its limit keeps focus (the press is ignored). */}
                <button
                  type="button"
                  aria-label="Decrease"
                  aria-disabled={quantity === 0}
                  onClick={() => {
                    if (quantity > 0) setChosen(withOfferQuantity(chosen, unit, quantity - 1));
                  }}
                >
                  −
                </button>
                <span>{quantity}</span>
                <button
                  type="button"
                  aria-label="Increase"
                  aria-disabled={quantity >= unit.available}
                  onClick={() => {
                    if (quantity < unit.available) setChosen(withOfferQuantity(chosen, unit, quantity + 1));
                  }}
                >
                  +
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn btn--primary" disabled={count === 0 || submit.isPending} onClick={send}>
          {submit.isPending ? 'Please wait…' : `Submit Offer (${count})`}
        </button>
      </div>
    </Dialog>
  );
}

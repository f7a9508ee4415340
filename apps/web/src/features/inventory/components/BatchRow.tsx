import { SHIP_BY_SOON_DAYS, formatSgDate } from '@kujiya/shared';
import type { InventoryBatch } from '../lib/model';
import { selectableQuantity } from '../lib/selection';

interface BatchRowProps {
  batch: InventoryBatch;
  prizeName: string;
  /** Show the minus / number / plus controls (an action is chosen). */
  selecting: boolean;
  selected: number;
  blockReason: string | null;
  /** Due within SHIP_BY_SOON_DAYS: highlighted. */
  dueSoon: boolean;
  onQuantity: (quantity: number) => void;
}

/** One batch: Instock or Pre-order quantity, In Trade and awaiting-shipping-payment counts (not selectable), ship-by date, and the quantity controls. */
export function BatchRow({ batch, prizeName, selecting, selected, blockReason, dueSoon, onQuantity }: BatchRowProps) {
  const preorder = !batch.shipByDate;
  const max = selectableQuantity(batch);
  const disabled = blockReason !== null || max === 0;
  return (
    <li
      className={dueSoon ? 'batch-row batch-row--due-soon' : 'batch-row'}
      data-testid="inventory-batch"
      data-due-soon={dueSoon || undefined}
    >
      <div className="batch-row__info">
        <span className={preorder ? 'batch-row__status batch-row__status--preorder' : 'batch-row__status'}>
          {preorder ? 'Pre-order' : 'Instock'}: {batch.quantity}
        </span>
        {batch.inTrade > 0 && <span className="batch-row__trade">In Trade: {batch.inTrade}</span>}
        {(batch.awaitingPayment ?? 0) > 0 && (
          <span className="batch-row__trade batch-row__awaiting" data-testid="awaiting-shipping-payment">
            Awaiting shipping payment: {batch.awaitingPayment}
          </span>
        )}
        {batch.shipByDate && <span className="batch-row__date">Ship by {formatSgDate(batch.shipByDate)}</span>}
        {dueSoon && <span className="batch-row__due-soon">Due within {SHIP_BY_SOON_DAYS} days</span>}
      </div>
      {selecting &&
        (blockReason ? (
          <p className="batch-row__blocked">{blockReason}</p>
        ) : (
          // The steps use aria-disabled, not disabled: a focused + that reached the maximum keeps focus.
          <div className="qty-control" role="group" aria-label={`Quantity of ${prizeName}`}>
            <button
              type="button"
              className="qty-control__btn"
              aria-label="Decrease"
              aria-disabled={disabled || selected === 0}
              onClick={() => {
                if (!disabled && selected > 0) onQuantity(selected - 1);
              }}
            >
              −
            </button>
            <input
              className="qty-control__input"
              type="number"
              inputMode="numeric"
              min={0}
              max={max}
              aria-label="Quantity"
              disabled={disabled}
              value={selected}
              onChange={(event) => onQuantity(Number(event.target.value))}
            />
            <button
              type="button"
              className="qty-control__btn"
              aria-label="Increase"
              aria-disabled={disabled || selected >= max}
              onClick={() => {
                if (!disabled && selected < max) onQuantity(selected + 1);
              }}
            >
              +
            </button>
          </div>
        ))}
    </li>
  );
}

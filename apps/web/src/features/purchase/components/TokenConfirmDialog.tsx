import { Dialog } from '../../../components/ui/Dialog';
import { TokenIcon } from '../../../components/icons';
import { BusyLabel } from './BusyLabel';

interface TokenConfirmDialogProps {
  cost: number;
  paidTickets: number;
  tokenPrice: number;
  /** Free Buy-X-Get-Y tickets the purchase includes. */
  freeTickets: number;
  busy: boolean;
  onYes: () => void;
  onCancel: () => void;
}

/** Step 4: the balance covers the cost; ask before spending the tokens. */
export function TokenConfirmDialog({
  cost,
  paidTickets,
  tokenPrice,
  freeTickets,
  busy,
  onYes,
  onCancel,
}: TokenConfirmDialogProps) {
  return (
    <Dialog open onClose={onCancel} title="Confirm purchase" className="purchase-dialog">
      <p className="purchase-question">Are you sure you want to use {cost} for this purchase?</p>
      <p className="purchase-breakdown">
        <TokenIcon size={18} />
        {paidTickets} {paidTickets === 1 ? 'ticket' : 'tickets'} × {tokenPrice} tokens
      </p>
      {freeTickets > 0 && (
        <p className="purchase-breakdown purchase-breakdown--free" data-testid="purchase-free-tickets">
          + {freeTickets} free {freeTickets === 1 ? 'ticket' : 'tickets'} ({paidTickets + freeTickets} tickets in all)
        </p>
      )}
      <div className="purchase-actions">
        {/* aria-disabled while buying: the focused Yes keeps focus until the draw page takes it. */}
        <button type="button" className="btn btn--ghost" aria-disabled={busy} onClick={() => !busy && onCancel()}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn--primary"
          aria-disabled={busy}
          onClick={() => !busy && onYes()}
          data-autofocus
        >
          <BusyLabel busy={busy}>Yes</BusyLabel>
        </button>
      </div>
    </Dialog>
  );
}

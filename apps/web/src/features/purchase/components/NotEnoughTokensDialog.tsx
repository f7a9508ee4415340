import { Dialog } from '../../../components/ui/Dialog';
import { BusyLabel } from './BusyLabel';

interface NotEnoughTokensDialogProps {
  balance: number;
  cost: number;
  short: number;
  busy: boolean;
  onTopUp: () => void;
  onOtherPayments: () => void;
  onClose: () => void;
}

/** Step 5: the balance does not cover the cost; top up, or pay by card. */
export function NotEnoughTokensDialog({
  balance,
  cost,
  short,
  busy,
  onTopUp,
  onOtherPayments,
  onClose,
}: NotEnoughTokensDialogProps) {
  return (
    <Dialog open onClose={onClose} title="Not enough tokens" className="purchase-dialog">
      <p className="purchase-question">
        You need <strong data-testid="tokens-needed">{short}</strong> more tokens for this purchase.
      </p>
      <dl className="purchase-sums">
        <div>
          <dt>Cost</dt>
          <dd>{cost} tokens</dd>
        </div>
        <div>
          <dt>Your balance</dt>
          <dd>{balance} tokens</dd>
        </div>
      </dl>
      <div className="purchase-actions purchase-actions--stack">
        <button type="button" className="btn btn--gold" disabled={busy} onClick={onTopUp}>
          Top Up
        </button>
        <button type="button" className="btn btn--primary" disabled={busy} onClick={onOtherPayments}>
          <BusyLabel busy={busy}>Other Payments</BusyLabel>
        </button>
      </div>
    </Dialog>
  );
}

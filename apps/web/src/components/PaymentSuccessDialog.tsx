import { Dialog } from './ui/Dialog';

/** 'Payment Successful!' with Continue, on /draw after a card payment. */
export function PaymentSuccessDialog({ onContinue }: { onContinue: () => void }) {
  return (
    <Dialog open onClose={onContinue} title="Payment Successful!" closable={false} className="purchase-dialog">
      <p className="purchase-question">Your tickets are paid for.</p>
      <div className="purchase-actions">
        <button type="button" className="btn btn--primary btn--block" data-autofocus onClick={onContinue}>
          Continue
        </button>
      </div>
    </Dialog>
  );
}

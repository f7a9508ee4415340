import { Dialog } from '../../../components/ui/Dialog';

/** A purchase outcome the shopper acknowledges (the fixed texts of purchase-errors.ts), with OK. */
export function PurchaseMessageDialog({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} title={message} className="purchase-dialog purchase-dialog--message">
      <div className="purchase-actions">
        <button type="button" className="btn btn--primary" data-autofocus onClick={onClose}>
          OK
        </button>
      </div>
    </Dialog>
  );
}

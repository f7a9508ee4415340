import { Dialog } from '../../../components/ui/Dialog';

/** The Shipping Expired popup: the server's message, one line per unit past its ship-by date. */
export function ShippingExpiredDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  const lines = (message ?? '').split('\n').filter((line) => line.trim() !== '');
  return (
    <Dialog open={message !== null} onClose={onClose} title="Shipping Expired">
      <ul className="expired-lines">
        {lines.map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
      <div className="dialog-actions">
        <button type="button" className="btn btn--primary" onClick={onClose}>
          OK
        </button>
      </div>
    </Dialog>
  );
}

import { useNavigate } from 'react-router';
import { Dialog } from '../../../components/ui/Dialog';

/** The ticket check said no (docs/rules/buying.md): the server's message and Go back to the product list. */
export function TicketCheckDialog({ message, onClose }: { message: string; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Dialog open onClose={onClose} title={message} className="purchase-dialog purchase-dialog--message">
      <div className="purchase-actions">
        <button
          type="button"
          className="btn btn--primary btn--block"
          data-autofocus
          onClick={() => navigate('/ichiban-kuji-products')}
        >
          Go
        </button>
      </div>
    </Dialog>
  );
}

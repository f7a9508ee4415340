import { useLocation, useNavigate } from 'react-router';
import { Dialog } from './ui/Dialog';

/**
 * 'Please login first.' with Login and Close: shown when an API call answers 403 or 'User not found'
 * (decide with `needsLoginReminder`). Login goes to /login carrying the current location. Its own
 * Close button replaces the dialog's ×, so the popup has exactly one button named Close.
 */
export function LoginReminderDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Dialog open={open} onClose={onClose} title="Please login first." closable={false}>
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          Close
        </button>
        <button
          type="button"
          className="btn btn--primary"
          data-autofocus
          onClick={() => {
            onClose();
            navigate('/login', { state: { from: location } });
          }}
        >
          Login
        </button>
      </div>
    </Dialog>
  );
}

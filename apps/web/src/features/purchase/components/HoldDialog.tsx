import { useEffect } from 'react';
import { Dialog } from '../../../components/ui/Dialog';
import { holdMessage } from '../lib/purchase-errors';
import { useHoldSeconds } from '../../../lib/hold-store';

/** The 423 hold popup: counts down once a second and closes by itself when the hold clears. */
export function HoldDialog({ setId, onClose }: { setId: string; onClose: () => void }) {
  const seconds = useHoldSeconds(setId);
  useEffect(() => {
    if (seconds <= 0) onClose();
  }, [seconds, onClose]);
  if (seconds <= 0) return null;
  return (
    <Dialog open onClose={onClose} title="Please wait" className="purchase-dialog">
      <p className="purchase-question" role="status" aria-live="polite">
        {holdMessage(seconds)}
      </p>
      <div className="purchase-actions">
        <button type="button" className="btn btn--primary" onClick={onClose}>
          OK
        </button>
      </div>
    </Dialog>
  );
}

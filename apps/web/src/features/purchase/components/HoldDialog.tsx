import { useEffect } from 'react';
import { Dialog } from '../../../components/ui/Dialog';
import { holdMessage } from '../lib/purchase-errors';
import { useHoldSeconds } from '../../../lib/hold-store';
import { useCountdownAnnouncement } from '../../../lib/use-countdown-announcement';
import { LiveAnnouncement } from '../../../components/ui/LiveAnnouncement';

/** The 423 hold popup: counts down once a second and closes by itself when the hold clears. */
export function HoldDialog({ setId, onClose }: { setId: string; onClose: () => void }) {
  const seconds = useHoldSeconds(setId);
  const spoken = useCountdownAnnouncement(seconds, (left) => `Buying out in progress: ${left} left.`);
  useEffect(() => {
    if (seconds <= 0) onClose();
  }, [seconds, onClose]);
  if (seconds <= 0) return null;
  return (
    <Dialog open onClose={onClose} title="Please wait" className="purchase-dialog">
      {/* The message ticks every second, so it is not live itself: the milestones are spoken. */}
      <p className="purchase-question" data-testid="hold-message">
        {holdMessage(seconds)}
      </p>
      <LiveAnnouncement message={spoken} />
      <div className="purchase-actions">
        <button type="button" className="btn btn--primary" onClick={onClose}>
          OK
        </button>
      </div>
    </Dialog>
  );
}

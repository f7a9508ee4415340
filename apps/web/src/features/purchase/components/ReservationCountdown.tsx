import { useEffect } from 'react';
import { useCountdown } from '../../../lib/use-countdown';
import { formatCountdown } from '../../../lib/use-countdown';
import { useCountdownAnnouncement } from '../../../lib/use-countdown-announcement';
import { LiveAnnouncement } from '../../../components/ui/LiveAnnouncement';
import { RESERVATION_EXPIRED_MESSAGE } from '../lib/purchase-errors';

/**
 * The reservation countdown of the payment page, ticking every second (docs/rules/buying.md); at 0 it
 * says the reservation expired and tells the page.
 */
export function ReservationCountdown({ expiresAt, onExpired }: { expiresAt: string; onExpired: () => void }) {
  const deadline = Date.parse(expiresAt);
  const seconds = useCountdown(Number.isNaN(deadline) ? null : deadline);
  const spoken = useCountdownAnnouncement(seconds, (left) => `Tickets reserved for ${left}.`);
  useEffect(() => {
    if (seconds <= 0) onExpired();
  }, [seconds, onExpired]);

  if (seconds <= 0) {
    return (
      <p className="reservation reservation--expired" role="alert">
        {RESERVATION_EXPIRED_MESSAGE}
      </p>
    );
  }
  return (
    <>
      <p className="reservation" data-testid="reservation-countdown">
        Tickets reserved for <strong>{formatCountdown(seconds)}</strong>
      </p>
      {/* The ticking text is not live (it would speak every second): the milestones are. */}
      <LiveAnnouncement message={spoken} />
    </>
  );
}

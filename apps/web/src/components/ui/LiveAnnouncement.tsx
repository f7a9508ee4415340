import { useEffect, useState } from 'react';

/** A live region's text set in the same paint as the region itself is not read: it comes a moment later. */
const ANNOUNCE_DELAY_MS = 100;

/**
 * The one polite live region of a screen's spoken updates (countdown milestones, what was won, the
 * results): a visually hidden status that screen readers read when its text changes. The region is
 * rendered at once, even empty, and each message is put in it a moment later, so a message shown
 * with the screen is read too.
 */
export function LiveAnnouncement({ message }: { message: string }) {
  const [spoken, setSpoken] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setSpoken(message), ANNOUNCE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [message]);
  return (
    <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="live-announcement">
      {spoken}
    </p>
  );
}

import { useState } from 'react';

/** The seconds left at which a countdown is spoken: each whole minute, then 30 s and 10 s. */
export function isCountdownMilestone(seconds: number): boolean {
  return seconds > 0 && (seconds % 60 === 0 || seconds === 30 || seconds === 10);
}

/** A duration in words for a screen reader: "2 minutes", "1 minute", "30 seconds". */
export function spokenDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole >= 60 && whole % 60 === 0) {
    const minutes = whole / 60;
    return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  }
  return `${whole} ${whole === 1 ? 'second' : 'seconds'}`;
}

/**
 * What a countdown's live region should say: `describe` of the time left, updated only at the
 * milestones (isCountdownMilestone), never every second, and kept between them so the region's text
 * changes once per milestone. Pass it to <LiveAnnouncement>.
 */
export function useCountdownAnnouncement(seconds: number, describe: (timeLeft: string) => string): string {
  const [spoken, setSpoken] = useState({ seconds: -1, text: '' });
  if (isCountdownMilestone(seconds) && spoken.seconds !== seconds) {
    const next = { seconds, text: describe(spokenDuration(seconds)) };
    // Derived during render (React's pattern for state following a prop): no extra paint.
    setSpoken(next);
    return next.text;
  }
  return spoken.text;
}

import { useEffect, useState } from 'react';

/** A countdown as m:ss, e.g. 9:05. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Whole seconds left until `deadline` (ms since epoch) at `now`, never negative. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/**
 * Whole seconds left until `deadline` (ms since epoch; null = no countdown), re-rendering as each
 * second passes until it reaches 0. Counts from the deadline, not by decrementing, so a slow or
 * hidden tab still ends on time; a new deadline restarts it at once.
 */
export function useCountdown(deadline: number | null): number {
  const [clock, setClock] = useState(() => ({ deadline, now: Date.now() }));
  let current = clock;
  if (clock.deadline !== deadline) {
    // A new deadline: read the time now rather than showing a stale tick for a second.
    current = { deadline, now: Date.now() };
    setClock(current);
  }
  const left = deadline === null ? 0 : secondsLeft(deadline, current.now);

  useEffect(() => {
    if (deadline === null || left <= 0) return;
    // Wake when the next whole second turns over, so the shown number changes on time.
    const wait = (deadline - Date.now()) % 1000 || 1000;
    const timer = window.setTimeout(() => setClock((value) => ({ ...value, now: Date.now() })), Math.max(wait, 20));
    return () => window.clearTimeout(timer);
  }, [deadline, left, current.now]);

  return left;
}

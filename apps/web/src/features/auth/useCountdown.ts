import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left until `deadline` (ms since epoch) at `now`, never negative. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/**
 * A countdown of `seconds` that starts at mount; `restart()` starts it again. Ticks once a second
 * from a deadline, so a slow or hidden tab still ends on time.
 */
export function useCountdown(seconds: number): { left: number; restart: () => void } {
  const [deadline, setDeadline] = useState(() => Date.now() + seconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(deadline, now);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);

  const restart = useCallback(() => {
    const start = Date.now();
    setNow(start);
    setDeadline(start + seconds * 1000);
  }, [seconds]);

  return { left, restart };
}

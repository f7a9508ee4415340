import { useSyncExternalStore } from 'react';
import { useCountdown } from './use-countdown';

/**
 * Buy-out holds this tab knows of, by set: the buyer's own 30 s after a card buy-out intent
 * (docs/rules/buying.md). Kept in memory so it outlives a page change within the app.
 */
const holdsUntil = new Map<string, number>();
const listeners = new Set<() => void>();

/** The buyer's hold on a set: BUY and BUY OUT stay disabled until it runs out. */
export function startHold(setId: string, seconds: number, now = Date.now()): void {
  holdsUntil.set(setId, now + seconds * 1000);
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Seconds left of the set's hold, re-rendering every second while it runs. */
export function useHoldSeconds(setId: string | null): number {
  const until = useSyncExternalStore(subscribe, () => (setId ? (holdsUntil.get(setId) ?? null) : null));
  return useCountdown(until);
}

import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * Buy-out holds this tab knows of, by set: the buyer's own 30 s after a card buy-out intent (spec
 * 000 §4, §9). Kept in memory so it outlives a page change within the app; one shared timer ticks
 * every second while any hold runs.
 */
const holdsUntil = new Map<string, number>();
const secondsLeft = new Map<string, number>();
const listeners = new Set<() => void>();
let ticker: ReturnType<typeof setInterval> | undefined;

function tick(now = Date.now()) {
  for (const [setId, until] of holdsUntil) {
    const seconds = Math.max(0, Math.ceil((until - now) / 1000));
    secondsLeft.set(setId, seconds);
    if (seconds === 0) holdsUntil.delete(setId);
  }
  if (holdsUntil.size === 0 && ticker !== undefined) {
    clearInterval(ticker);
    ticker = undefined;
  }
  listeners.forEach((listener) => listener());
}

/** The buyer's hold on a set: BUY and BUY OUT stay disabled until it runs out. */
export function startHold(setId: string, seconds: number, now = Date.now()): void {
  holdsUntil.set(setId, now + seconds * 1000);
  tick(now);
  ticker ??= setInterval(() => tick(), 1000);
}

export function holdSecondsLeft(setId: string): number {
  return secondsLeft.get(setId) ?? 0;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Seconds left of the set's hold, re-rendering every second while it runs. */
export function useHoldSeconds(setId: string | null): number {
  return useSyncExternalStore(subscribe, () => (setId ? holdSecondsLeft(setId) : 0));
}

/** Counts down once a second from `initial`; a new `initial` or `key` restarts it. */
export function useCountdownFrom(initial: number, key: unknown): number {
  const [state, setState] = useState({ key, initial, left: initial });
  const current = state.key === key && state.initial === initial ? state : { key, initial, left: initial };
  if (current !== state) setState(current);
  useEffect(() => {
    if (current.left <= 0) return;
    const timer = window.setTimeout(() => setState((value) => ({ ...value, left: value.left - 1 })), 1000);
    return () => window.clearTimeout(timer);
  }, [current.left]);
  return current.left;
}

import { useEffect, useState } from 'react';

/**
 * False for the first render, true once the browser has painted it and has a moment to spare:
 * what the first screen does not show waits until then, so its chunks (and the contract's schemas
 * they evaluate) neither delay nor lengthen the first paint (docs/performance.md).
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      // rAF runs before that frame's paint; the idle callback (or a task, without it) runs after it.
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(() => setReady(true), { timeout: 1000 });
      else timer = window.setTimeout(() => setReady(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, []);
  return ready;
}

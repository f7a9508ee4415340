import { useEffect, useState } from 'react';

/**
 * False for the first render, true once the browser has painted it and has a moment to spare:
 * what the first screen does not show waits until then, so its chunks (and the contract's schemas
 * they evaluate) neither delay nor lengthen the first paint (docs/performance.md). `prepare` runs
 * first (once the page is idle), e.g. to evaluate what those chunks import in smaller steps.
 */
const nothingToPrepare = async () => undefined;

export function useAfterFirstPaint(prepare: () => Promise<void> = nothingToPrepare): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    let timer: number | undefined;
    let live = true;
    const start = () =>
      void prepare().then(
        () => live && setReady(true),
        () => live && setReady(true),
      );
    const frame = requestAnimationFrame(() => {
      // rAF runs before that frame's paint; the idle callback (or a task, without it) runs after it.
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(start, { timeout: 1000 });
      else timer = window.setTimeout(start, 0);
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [prepare]);
  return ready;
}

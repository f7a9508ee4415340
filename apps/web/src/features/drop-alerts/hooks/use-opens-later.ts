import { useEffect, useState } from 'react';
import { opensLater } from '@kujiya/shared';

/** setTimeout's longest wait; a later opening is looked at again after it. */
const MAX_TIMER_MS = 2_147_483_647;

/** Whether a set's opening is still ahead; turns false by itself when the opening comes. */
export function useOpensLater(salesStartAt: string | null): boolean {
  const [ahead, setAhead] = useState(() => opensLater(salesStartAt, Date.now()));
  useEffect(() => {
    const check = () => setAhead(opensLater(salesStartAt, Date.now()));
    check();
    if (!opensLater(salesStartAt, Date.now())) return;
    const wait = Math.min(Date.parse(salesStartAt!) - Date.now() + 50, MAX_TIMER_MS);
    const timer = window.setTimeout(check, wait);
    return () => window.clearTimeout(timer);
  }, [salesStartAt, ahead]);
  return ahead;
}

import { useEffect } from 'react';
import { useSession } from '../../../lib/session';
import { useDropStatus } from '../api/getDropStatus';
import { purchaseGateOf } from '../lib/purchase-gate';

// setTimeout fires at once past this delay (about 24.8 days); no popup stays open that long.
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Whether the set's waiting room lets the shopper buy now (null) or why not. The status is the panel's
 * (live and polled); it is asked again just after the opening, when a room nobody joined never opens,
 * so BUY turns on then rather than at the next poll.
 */
export function usePurchaseGate(setId: string, opensAt: string | null) {
  const { username } = useSession();
  const status = useDropStatus(setId, username);
  const { refetch } = status;
  useEffect(() => {
    if (!opensAt) return;
    const wait = new Date(opensAt).getTime() - Date.now();
    if (wait < 0 || wait > LONGEST_TIMER_MS) return;
    const timer = setTimeout(() => void refetch(), wait + 500);
    return () => clearTimeout(timer);
  }, [opensAt, refetch]);
  return purchaseGateOf(status.data);
}

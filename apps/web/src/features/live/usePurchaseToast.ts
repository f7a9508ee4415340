import { useCallback, useEffect, useRef, useState } from 'react';
import { LIVE_TOAST_FADE_MS, LIVE_TOAST_MS, type LivePurchaseMessage } from '@kujiya/shared';
import { useLiveMessages } from '../../app/live';
import { useSession } from '../../lib/session';

export interface PurchaseToastState {
  id: number;
  message: LivePurchaseMessage;
  fading: boolean;
}

/**
 * The banner of other shoppers' purchases: the latest one shows for 3 s, then fades out over 300 ms;
 * a newer purchase replaces it and starts the clock again; the close button removes it at once.
 */
export function usePurchaseToast() {
  const { username, isAuthenticated } = useSession();
  const [toast, setToast] = useState<PurchaseToastState | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const nextId = useRef(0);

  const clearTimers = () => {
    timers.current.forEach(clearTimeout);
    timers.current = [];
  };
  const close = useCallback(() => {
    clearTimers();
    setToast(null);
  }, []);
  useEffect(() => clearTimers, []);

  useLiveMessages((message) => {
    if (message.type !== 'purchase') return;
    // The server leaves one's own purchases out; this also covers a second tab of the same shopper.
    if (isAuthenticated && username && message.username.toLowerCase() === username.toLowerCase()) return;
    clearTimers();
    const id = ++nextId.current;
    setToast({ id, message, fading: false });
    timers.current.push(
      setTimeout(() => setToast((t) => (t?.id === id ? { ...t, fading: true } : t)), LIVE_TOAST_MS),
      setTimeout(() => setToast((t) => (t?.id === id ? null : t)), LIVE_TOAST_MS + LIVE_TOAST_FADE_MS),
    );
  });

  return { toast, close };
}

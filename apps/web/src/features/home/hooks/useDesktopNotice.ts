import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { storageKeys } from '../../../lib/storage';

/** Above this window width the shop suggests a phone (wider than 768 px). */
export const DESKTOP_MIN_WIDTH = 768;

function subscribeToResize(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}
const isWideWindow = () => window.innerWidth > DESKTOP_MIN_WIDTH;

/** The 'use a mobile device' popup: open on a wide window, once per visit (session storage). */
export function useDesktopNotice(): { open: boolean; close: () => void } {
  const wide = useSyncExternalStore(subscribeToResize, isWideWindow);
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(storageKeys.desktopNoticeShown) !== null);
  const open = wide && !dismissed;
  useEffect(() => {
    if (open) sessionStorage.setItem(storageKeys.desktopNoticeShown, '1');
  }, [open]);
  const close = useCallback(() => setDismissed(true), []);
  return { open, close };
}

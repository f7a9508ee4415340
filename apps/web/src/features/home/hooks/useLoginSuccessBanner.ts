import { useEffect, useState } from 'react';
import { storageKeys } from '../../../lib/storage';

/** How long 'Successfully logged in!' stays on home. */
export const LOGIN_BANNER_MS = 3000;

function loginFlagIsSet(): boolean {
  const value = sessionStorage.getItem(storageKeys.loginSuccess);
  return value !== null && value !== 'false';
}

/**
 * True for 3 s after arriving on home with the login / account-created flag in session storage.
 * The flag is read during render but cleared in the effect, so StrictMode's double render still sees it.
 */
export function useLoginSuccessBanner(): boolean {
  const [visible, setVisible] = useState(loginFlagIsSet);
  useEffect(() => {
    if (!visible) return;
    sessionStorage.removeItem(storageKeys.loginSuccess);
    const timer = window.setTimeout(() => setVisible(false), LOGIN_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [visible]);
  return visible;
}

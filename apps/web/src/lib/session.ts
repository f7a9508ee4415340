import { useSyncExternalStore } from 'react';
import { storageKeys } from './storage';
import { isTokenUsable, msUntilExpiry } from './jwt';
import { onShopperTokenRefused } from './token-refusals';

/**
 * The shopper's session as kept in local storage (token + username), with the client auth state of
 * docs/rules/accounts.md: it starts checking and unauthenticated, then becomes authenticated (a well-formed,
 * unexpired token and a username) or is reset (storage cleared). A small external store so every
 * component re-renders on login/logout; other tabs' changes arrive through the storage event.
 */
export interface SessionSnapshot {
  token: string | null;
  username: string | null;
  profilePicture: string | null;
  isChecking: boolean;
  isAuthenticated: boolean;
}

const listeners = new Set<() => void>();
let snapshot: SessionSnapshot = {
  token: localStorage.getItem(storageKeys.token),
  username: localStorage.getItem(storageKeys.username),
  profilePicture: localStorage.getItem(storageKeys.profilePicture),
  isChecking: true,
  isAuthenticated: false,
};
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

function publish(next: SessionSnapshot) {
  snapshot = next;
  listeners.forEach((listener) => listener());
}

function removeStoredSession() {
  localStorage.removeItem(storageKeys.token);
  localStorage.removeItem(storageKeys.username);
  localStorage.removeItem(storageKeys.profilePicture);
}

const signedOut: SessionSnapshot = {
  token: null,
  username: null,
  profilePicture: null,
  isChecking: false,
  isAuthenticated: false,
};

/** Logs out by itself the moment the token expires (setTimeout caps at ~24.8 days; tokens live 7). */
function scheduleExpiry(token: string) {
  clearTimeout(expiryTimer);
  const wait = msUntilExpiry(token);
  if (wait > 0 && wait < 2 ** 31 - 1) expiryTimer = setTimeout(() => sessionStore.check(), wait + 50);
}

export const sessionStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  get: () => snapshot,
  /** Re-reads storage and validates the token; an expired or invalid token resets the session. */
  check() {
    const token = localStorage.getItem(storageKeys.token);
    const username = localStorage.getItem(storageKeys.username);
    if (token && username && isTokenUsable(token, Date.now(), 'user')) {
      const profilePicture = localStorage.getItem(storageKeys.profilePicture);
      scheduleExpiry(token);
      const unchanged =
        snapshot.isAuthenticated &&
        snapshot.token === token &&
        snapshot.username === username &&
        snapshot.profilePicture === profilePicture;
      if (!unchanged) publish({ token, username, profilePicture, isChecking: false, isAuthenticated: true });
      return;
    }
    clearTimeout(expiryTimer);
    if (token || username) removeStoredSession();
    if (snapshot.isChecking || snapshot.isAuthenticated || snapshot.token) publish(signedOut);
  },
  set(session: { token: string; username: string; profilePicture?: string | null }) {
    localStorage.setItem(storageKeys.token, session.token);
    localStorage.setItem(storageKeys.username, session.username);
    if (session.profilePicture) localStorage.setItem(storageKeys.profilePicture, session.profilePicture);
    else localStorage.removeItem(storageKeys.profilePicture);
    sessionStore.check();
  },
  /** Updates the stored profile picture (after a profile save) without touching the token. */
  setProfilePicture(profilePicture: string | null) {
    if (profilePicture) localStorage.setItem(storageKeys.profilePicture, profilePicture);
    else localStorage.removeItem(storageKeys.profilePicture);
    sessionStore.check();
  },
  clear() {
    clearTimeout(expiryTimer);
    removeStoredSession();
    publish(signedOut);
  },
};

window.addEventListener('storage', () => sessionStore.check());
// The check is local (the JWT's exp), so it settles before the first render.
sessionStore.check();

export function useSession(): SessionSnapshot & { isLoggedIn: boolean } {
  // The build's prerender (app/prerender-page.tsx) reads the same snapshot: signed out, as a first visit is.
  const value = useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
  return { ...value, isLoggedIn: value.isAuthenticated };
}

// A token the server refused as ended (a disabled account, a revoked session) is forgotten at once, if
// it is still the stored one, so the next visit starts signed out. The page on screen is left as it is,
// so it can show the login reminder the shop shows for a 403 (docs/rules/accounts.md).
onShopperTokenRefused((token) => {
  if (localStorage.getItem(storageKeys.token) === token) removeStoredSession();
});

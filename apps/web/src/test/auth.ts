import { sessionStore } from '../lib/session';
import { storageKeys } from '../lib/storage';

const base64Url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A JWT of the shape the server signs (the web only reads its claims: docs/rules/accounts.md). */
export function fakeJwt(claims: { username: string; role: 'user' | 'admin' }, hoursLeft = 24): string {
  const exp = Math.floor(Date.now() / 1000) + hoursLeft * 3600;
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url({ sub: `id-${claims.username}`, ...claims, exp })}.signature`;
}

/** Signs a shopper in as the login page does (token and username in local storage). */
export function signInShopper(username = 'alice'): string {
  const token = fakeJwt({ username, role: 'user' });
  sessionStore.set({ token, username });
  return token;
}

/** Signs an admin in as the admin login page does (its own token key). */
export function signInAdmin(username = 'owner'): string {
  const token = fakeJwt({ username, role: 'admin' });
  localStorage.setItem(storageKeys.adminToken, token);
  return token;
}

/** Back to signed out (the session store is a module singleton shared by a file's tests). */
export function signOut(): void {
  sessionStore.clear();
  localStorage.removeItem(storageKeys.adminToken);
}

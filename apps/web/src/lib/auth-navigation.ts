import type { VerificationProcess } from '@kujiya/shared';

/** A location as React Router keeps it (only the parts needed to go back there). */
export interface FromLocation {
  pathname: string;
  search?: string;
  hash?: string;
}

/** Navigation state of /login: where the user came from, whether the guard sent them, a notice. */
export interface LoginState {
  from?: FromLocation | string;
  guard?: boolean;
  notice?: string;
}

/** Navigation state of /verify-email, /verify, /sign-up and /change-password. */
export interface VerificationState {
  email?: string;
  process?: VerificationProcess;
  /** From a verified forgetPassword code: lets /change-password set the new password (1 hour). */
  resetToken?: string;
}

export function readState<T extends object>(state: unknown): T {
  return (state && typeof state === 'object' ? state : {}) as T;
}

/** The path to return to after login: the guarded page the user came from, else home. */
export function returnPathAfterLogin(state: LoginState): string {
  if (!state.guard || !state.from) return '/';
  const from = typeof state.from === 'string' ? { pathname: state.from } : state.from;
  if (typeof from.pathname !== 'string' || !from.pathname.startsWith('/') || from.pathname.startsWith('//')) return '/';
  if (from.pathname === '/login') return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

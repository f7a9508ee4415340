import { ErrorCode } from '@kujiya/shared';
import { ApiError } from '../../lib/api-client';
import { isTokenUsable } from '../../lib/jwt';
import { storageKeys } from '../../lib/storage';

/** The admin's bearer token, kept apart from the shopper's (local storage `adminToken`). */
export const adminSession = {
  token: () => localStorage.getItem(storageKeys.adminToken),
  set: (token: string) => localStorage.setItem(storageKeys.adminToken, token),
  clear: () => localStorage.removeItem(storageKeys.adminToken),
  /** The admin guard's test (docs/rules/back-office.md): a token that is present, unexpired and has role admin. */
  isValid: (now: number = Date.now()) => isTokenUsable(localStorage.getItem(storageKeys.adminToken), now, 'admin'),
};

/** An admin call answering 401 or 403 (or the code ADMIN_LOGIN_REQUIRED) means: log in again. */
export function isAdminAuthFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 401 || error.status === 403 || error.code === ErrorCode.ADMIN_LOGIN_REQUIRED;
}

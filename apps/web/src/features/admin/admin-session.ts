import { ErrorCode } from '@kujiya/shared';
import { ApiError } from '../../lib/api-client';
import { decodeTokenClaims, isTokenUsable } from '../../lib/jwt';
import { storageKeys } from '../../lib/storage';

/** The admin's bearer token, kept apart from the shopper's (local storage `adminToken`). */
export const adminSession = {
  token: () => localStorage.getItem(storageKeys.adminToken),
  set: (token: string) => localStorage.setItem(storageKeys.adminToken, token),
  clear: () => localStorage.removeItem(storageKeys.adminToken),
  /** The admin guard's test (docs/rules/back-office.md): a token that is present, unexpired and has role admin. */
  isValid: (now: number = Date.now()) => isTokenUsable(localStorage.getItem(storageKeys.adminToken), now, 'admin'),
  /**
   * An owner's session opened without a second factor while one is required: it reaches only the
   * two-factor page until they enrol (docs/rules/two-factor.md; the server decides, this only steers).
   */
  enrolmentOnly: () =>
    (decodeTokenClaims(localStorage.getItem(storageKeys.adminToken)) as { scp?: unknown } | null)?.scp ===
    'two-factor-enrolment',
};

/**
 * An admin call answering 401 or 403 (or the code ADMIN_LOGIN_REQUIRED) means: log in again; but a
 * wrong two-factor code is only an error on the page, and "enrol first" goes to the enrolment.
 */
export function isAdminAuthFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === ErrorCode.TWO_FACTOR_INVALID || error.code === ErrorCode.TWO_FACTOR_ENROLMENT_REQUIRED)
    return false;
  return error.status === 401 || error.status === 403 || error.code === ErrorCode.ADMIN_LOGIN_REQUIRED;
}

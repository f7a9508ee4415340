import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@kujiya/shared';
import { ApiError } from '../../lib/api-client';
import { isAdminAuthFailure } from './admin-session';

// The back office decides on the error code, never the text (docs/rules/errors.md).
describe('the admin authentication failure', () => {
  it('is a 401 or 403, or the code ADMIN_LOGIN_REQUIRED', () => {
    expect(
      isAdminAuthFailure(new ApiError(401, 'Admin authentication required', { code: ErrorCode.ADMIN_LOGIN_REQUIRED })),
    ).toBe(true);
    expect(
      isAdminAuthFailure(new ApiError(403, 'Only the shop owner can do this.', { code: ErrorCode.OWNER_ONLY })),
    ).toBe(true);
    expect(isAdminAuthFailure(new ApiError(400, 'Reworded', { code: ErrorCode.ADMIN_LOGIN_REQUIRED }))).toBe(true);
    expect(
      isAdminAuthFailure(new ApiError(400, 'Admin authentication required', { code: ErrorCode.VALIDATION_FAILED })),
    ).toBe(false);
    expect(isAdminAuthFailure(new Error('Admin authentication required'))).toBe(false);
  });

  it('is not a wrong two-factor code (an error on the page) nor "enrol first" (the enrolment page)', () => {
    expect(isAdminAuthFailure(new ApiError(401, 'x', { code: ErrorCode.TWO_FACTOR_INVALID }))).toBe(false);
    expect(isAdminAuthFailure(new ApiError(403, 'x', { code: ErrorCode.TWO_FACTOR_ENROLMENT_REQUIRED }))).toBe(false);
  });
});

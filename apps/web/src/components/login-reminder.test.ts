import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@kujiya/shared';
import { ApiError } from '../lib/api-client';
import { needsLoginReminder } from './login-reminder';

describe('when the login reminder shows', () => {
  it('shows for any 403 answer', () => {
    expect(needsLoginReminder(new ApiError(403, 'Please login first.'))).toBe(true);
  });

  it('shows for a 404 USER_NOT_FOUND, whatever its text', () => {
    expect(needsLoginReminder(new ApiError(404, 'User not found', { code: ErrorCode.USER_NOT_FOUND }))).toBe(true);
    expect(needsLoginReminder(new ApiError(404, 'No such shopper', { code: ErrorCode.USER_NOT_FOUND }))).toBe(true);
  });

  it('does not show for other failures', () => {
    expect(needsLoginReminder(new ApiError(404, 'Order not found', { code: ErrorCode.ORDER_NOT_FOUND }))).toBe(false);
    expect(needsLoginReminder(new ApiError(404, 'User not found'))).toBe(false);
    expect(needsLoginReminder(new ApiError(401, 'User not found', { code: ErrorCode.USER_NOT_FOUND }))).toBe(false);
    expect(needsLoginReminder(new ApiError(500, 'Internal Server Error'))).toBe(false);
    expect(needsLoginReminder(new TypeError('Failed to fetch'))).toBe(false);
    expect(needsLoginReminder(null)).toBe(false);
  });
});

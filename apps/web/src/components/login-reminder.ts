import { ErrorCode } from '@kujiya/shared';
import { ApiError } from '../lib/api-client';

/**
 * Whether an API failure means "log in first" (docs/rules/accounts.md): any 403 answer, or a 404
 * USER_NOT_FOUND ('User not found', docs/rules/errors.md). Such failures show the LoginReminderDialog.
 */
export function needsLoginReminder(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 403) return true;
  return error.status === 404 && error.code === ErrorCode.USER_NOT_FOUND;
}

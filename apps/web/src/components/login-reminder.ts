import { ApiError } from '../lib/api-client';

/**
 * Whether an API failure means "log in first" (docs/rules/accounts.md): any 403 answer, or a 404 whose
 * message says 'User not found'. Such failures show the LoginReminderDialog.
 */
export function needsLoginReminder(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 403) return true;
  if (error.status !== 404) return false;
  const texts = [error.message, error.body.error, error.body.message].filter((text): text is string => typeof text === 'string');
  return texts.some((text) => text.includes('User not found'));
}

import {
  PASSWORDS_DO_NOT_MATCH_MESSAGE,
  PASSWORD_MESSAGE,
  USERNAME_MESSAGE,
  isValidPassword,
  isValidUsername,
} from '@kujiya/shared';

/** The first failing sign-up rule's message (docs/rules/accounts.md), or null when the form is valid. */
export function signUpError(form: { username: string; password: string; confirmPassword: string }): string | null {
  if (!isValidUsername(form.username)) return USERNAME_MESSAGE;
  if (!isValidPassword(form.password)) return PASSWORD_MESSAGE;
  if (form.password !== form.confirmPassword) return PASSWORDS_DO_NOT_MATCH_MESSAGE;
  return null;
}

/** The new-password rules (reset by link, change by code): matching first, then strength (docs/rules/accounts.md). */
export function newPasswordError(password: string, confirmPassword: string): string | null {
  if (password !== confirmPassword) return PASSWORDS_DO_NOT_MATCH_MESSAGE;
  if (!isValidPassword(password)) return PASSWORD_MESSAGE;
  return null;
}

import {
  PASSWORDS_DO_NOT_MATCH_MESSAGE,
  PASSWORD_MESSAGE,
  USERNAME_MESSAGE,
  isValidPassword,
  isValidUsername,
} from '@kujiya/shared';

export type SignUpField = 'username' | 'password' | 'confirmPassword';

/** Every failing sign-up rule's message by field (docs/rules/accounts.md); empty when the form is valid. */
export function signUpErrors(form: Record<SignUpField, string>): Partial<Record<SignUpField, string>> {
  const errors: Partial<Record<SignUpField, string>> = {};
  if (!isValidUsername(form.username)) errors.username = USERNAME_MESSAGE;
  if (!isValidPassword(form.password)) errors.password = PASSWORD_MESSAGE;
  if (form.password !== form.confirmPassword) errors.confirmPassword = PASSWORDS_DO_NOT_MATCH_MESSAGE;
  return errors;
}

/** The new-password rules (reset by link, change by code): matching first, then strength (docs/rules/accounts.md). */
export function newPasswordError(password: string, confirmPassword: string): string | null {
  if (password !== confirmPassword) return PASSWORDS_DO_NOT_MATCH_MESSAGE;
  if (!isValidPassword(password)) return PASSWORD_MESSAGE;
  return null;
}

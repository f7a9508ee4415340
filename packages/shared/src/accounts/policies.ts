/**
 * Account policy numbers the server enforces and the web states (docs/rules/accounts.md). Change them
 * here only: the mails, the info pages and the checks follow.
 */

/** An e-mailed verification code works this long, once. */
export const VERIFICATION_CODE_LIFETIME_MINUTES = 15;
/** At most this many wrong tries per code; then a new code is needed. */
export const VERIFICATION_CODE_MAX_ATTEMPTS = 5;
/** A password reset link (or the code path's reset token) works this long, once. */
export const RESET_LINK_LIFETIME_HOURS = 1;
/** After verifying a sign-up code, the account must be created within this long. */
export const SIGNUP_VERIFICATION_WINDOW_HOURS = 1;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
/** "15 minutes": how the mails and pages say the code's lifetime. */
export const VERIFICATION_CODE_VALIDITY = plural(VERIFICATION_CODE_LIFETIME_MINUTES, 'minute');
/** "1 hour": how the mails and pages say the reset link's lifetime. */
export const RESET_LINK_VALIDITY = plural(RESET_LINK_LIFETIME_HOURS, 'hour');

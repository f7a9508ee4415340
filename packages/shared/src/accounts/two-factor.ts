import { z } from 'zod';

/**
 * Two-factor sign-in of the back office (docs/rules/two-factor.md): a TOTP authenticator app with ten
 * one-time recovery codes, and passkeys (WebAuthn). The admin login takes a `code` or a `passkey`.
 */

/** `ADMIN_TWO_FACTOR`: `required` makes owners enrol before anything else; staff may always choose. */
export const adminTwoFactorModeSchema = z.enum(['required', 'optional']);
export type AdminTwoFactorMode = z.infer<typeof adminTwoFactorModeSchema>;

/** The admin API paths (below /api) an owner who still has to enrol may use: these and their own name. */
export const TWO_FACTOR_PATH_PREFIX = '/api/admin/2fa';
/** Whether a route is open to a session that still has to set up two-factor sign-in. */
export function enrolmentMayUse(routeUrl: string): boolean {
  return (
    routeUrl === '/api/admin/me' ||
    routeUrl === TWO_FACTOR_PATH_PREFIX ||
    routeUrl.startsWith(`${TWO_FACTOR_PATH_PREFIX}/`)
  );
}

export const RECOVERY_CODE_COUNT = 10;
/** Recovery codes are shown as two groups of five letters and digits (`ABCDE-23456`). */
export const RECOVERY_CODE_PATTERN = /^[A-Z2-9]{5}-[A-Z2-9]{5}$/;

/**
 * A typed code as compared: without spaces or dashes, in capitals (an authenticator's `123 456`, a
 * recovery code typed in lower case or without its dash are the same code).
 */
export function normaliseTwoFactorCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}
/** Six digits: an authenticator's code; anything else is tried as a recovery code. */
export const isTotpCode = (normalised: string) => /^\d{6}$/.test(normalised);

export const twoFactorMessages = {
  codeRequired: 'Two-factor code required',
  invalidCode: 'Invalid two-factor code.',
  enrolmentRequired: 'Set up two-factor sign-in before using the back office.',
  setupFirst: 'Start the authenticator setup first.',
  alreadyOn: 'The authenticator app is already set up. Turn it off first to set up another.',
  notOn: 'Two-factor sign-in is not on.',
  passkeyFailed: 'The passkey could not be verified. Please try again.',
  passkeyNotFound: 'Passkey not found',
  cannotResetSelf: 'To change your own two-factor sign-in, use your two-factor page.',
} as const;

const codeField = z
  .string({ message: 'Two-factor code is required.' })
  .trim()
  .min(1, 'Two-factor code is required.')
  .max(32, 'Two-factor code is too long.');

const base64url = (field: string) =>
  z
    .string({ message: `${field} is required` })
    .min(1, `${field} is required`)
    .max(16_384, `${field} is too long`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${field} must be base64url`);

/** A browser's answer to `navigator.credentials.create` (WebAuthn's JSON form), checked by the server's verifier. */
export const passkeyRegistrationResponseSchema = z.looseObject({
  id: base64url('id'),
  rawId: base64url('rawId'),
  type: z.literal('public-key', { message: 'type must be public-key' }),
  response: z.looseObject({
    clientDataJSON: base64url('clientDataJSON'),
    attestationObject: base64url('attestationObject'),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
  clientExtensionResults: z.looseObject({}).default({}),
});
export type PasskeyRegistrationResponse = z.input<typeof passkeyRegistrationResponseSchema>;

/** A browser's answer to `navigator.credentials.get`. */
export const passkeyAuthenticationResponseSchema = z.looseObject({
  id: base64url('id'),
  rawId: base64url('rawId'),
  type: z.literal('public-key', { message: 'type must be public-key' }),
  response: z.looseObject({
    clientDataJSON: base64url('clientDataJSON'),
    authenticatorData: base64url('authenticatorData'),
    signature: base64url('signature'),
    userHandle: z.string().max(1024).optional(),
  }),
  clientExtensionResults: z.looseObject({}).default({}),
});
export type PasskeyAuthenticationResponse = z.input<typeof passkeyAuthenticationResponseSchema>;

/** The second step of `POST /api/admin/login`: a TOTP or recovery code, or a passkey's answer. */
export const adminLoginSecondFactorFields = {
  code: codeField.optional(),
  passkey: passkeyAuthenticationResponseSchema.optional(),
};

/** `POST /api/admin/2fa/setup` → a new secret (not yet on), as text, as an otpauth URL and as a QR code (SVG data URL). */
export const twoFactorSetupResponseSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrCode: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

/** `POST /api/admin/2fa/enable` `{code}` and `POST /api/admin/2fa/disable` `{code}`. */
export const twoFactorCodeRequestSchema = z.object({ code: codeField });
export type TwoFactorCodeRequest = z.infer<typeof twoFactorCodeRequestSchema>;

/**
 * `POST /api/admin/2fa/enable` → the ten recovery codes, shown once. A session that had to enrol
 * gets a full token with it (`token`, `expiresAt`).
 */
export const twoFactorEnableResponseSchema = z.object({
  recoveryCodes: z.array(z.string()),
  token: z.string().optional(),
  expiresAt: z.string().optional(),
});
export type TwoFactorEnableResponse = z.infer<typeof twoFactorEnableResponseSchema>;

export const passkeyViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeyView = z.infer<typeof passkeyViewSchema>;

/** `GET /api/admin/2fa`: what the signed-in admin has set up, and whether they must. */
export const twoFactorStatusSchema = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  passkeys: z.array(passkeyViewSchema),
  /** Whether two-factor sign-in is required of this admin (an owner under `ADMIN_TWO_FACTOR=required`). */
  required: z.boolean(),
  /** This session was opened without a second factor and reaches only the two-factor pages. */
  enrolmentPending: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** WebAuthn options (JSON form) for the browser: opaque to the contract beyond the challenge. */
export const passkeyOptionsSchema = z.looseObject({ challenge: z.string() });
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

/** `POST /api/admin/2fa/passkeys` `{response, name}`: registers the passkey created with the options. */
export const passkeyRegisterRequestSchema = z.object({
  response: passkeyRegistrationResponseSchema,
  name: z.string().trim().max(60, 'Name is too long').optional(),
});
export type PasskeyRegisterRequest = z.input<typeof passkeyRegisterRequestSchema>;

/**
 * `POST /api/admin/2fa/passkeys` → the passkey; the recovery codes when it is the admin's first factor,
 * and a full token when the session was enrolment-only.
 */
export const passkeyAddedResponseSchema = z.object({
  passkey: passkeyViewSchema,
  recoveryCodes: z.array(z.string()).optional(),
  token: z.string().optional(),
  expiresAt: z.string().optional(),
});
export type PasskeyAddedResponse = z.infer<typeof passkeyAddedResponseSchema>;

/** `POST /api/admin/2fa/passkey/login-options` `{username}`. */
export const passkeyLoginOptionsRequestSchema = z.object({
  username: z.string({ message: 'Username is required.' }).trim().min(1, 'Username is required.').max(100),
});

export const passkeyIdParamsSchema = z.object({
  passkeyId: z.uuid({ message: 'Invalid passkeyId' }),
});

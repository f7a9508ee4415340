import { z } from 'zod';
import { isKnownCountryCode, UNKNOWN_COUNTRY_MESSAGE } from '../fulfilment/countries.ts';
import { messageResponseSchema } from '../common/ids.ts';
import { isAcceptableEmail, normaliseEmail } from '../common/text.ts';
import { adminLoginSecondFactorFields } from './two-factor.ts';

/**
 * Accounts contract (docs/rules/accounts.md): sign-up with an e-mail code, login, password
 * recovery (code path and link path), profile, admin login. The validation messages are the shop's own texts (docs/rules/accounts.md).
 */

export const USERNAME_MESSAGE = 'Username must be 3-30 characters long and alphanumeric.';
export const PASSWORD_MESSAGE =
  'Password must be at least 6 characters and include a number, a letter, and a special character';
export const PASSWORDS_DO_NOT_MATCH_MESSAGE = 'Passwords do not match';
export const EMAIL_MESSAGE = 'Please enter a valid email address.';
export const POSTAL_CODE_MESSAGE = 'Postal code must be exactly 6 digits.';
export const PHONE_NUMBER_MESSAGE = 'Phone number must be 8 digits starting with 3, 6, 8 or 9.';
export const COUNTRY_MESSAGE = 'Country must be a 2-letter country code.';
export const VERIFICATION_CODE_MESSAGE = 'Verification code must be 6 digits.';

/** Server answers whose texts the web shows or matches (docs/rules/accounts.md). */
export const accountMessages = {
  emailTaken: 'An account already exists with this email.',
  usernameTaken: 'Username already exists',
  codeIncorrect: 'Verification Code is incorrect, please request for a new code.',
  emailNotVerified: 'Please verify your email before creating an account.',
  codeSent: 'Verification code sent.',
  codeVerified: 'Email verified successfully.',
  invalidLogin: 'Invalid username or password.',
  loggedOut: 'Logged out successfully.',
  resetLinkSent: 'If an account exists for this email, a password reset link has been sent.',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  passwordResetDone: 'Password has been reset successfully.',
  profileUpdated: 'Profile successfully updated!',
  loginFirst: 'Please login first.',
  userNotFound: 'User not found',
  addressMissing: 'Please update your profile shipping address to proceed.',
} as const;

/** Specials allowed to satisfy the password rule (docs/rules/accounts.md). */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*_-';

export const USERNAME_PATTERN = /^[A-Za-z0-9]{3,30}$/;
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)(?=.*[!@#$%^&*_-]).{6,}$/;
export const POSTAL_CODE_PATTERN = /^\d{6}$/;
export const PHONE_NUMBER_PATTERN = /^[3689]\d{7}$/;
export const VERIFICATION_CODE_PATTERN = /^\d{6}$/;

/** The one e-mail rule (common/text.ts): what the forms check before sending, and the server refuses. */
export const isValidEmail = (value: string) => isAcceptableEmail(normaliseEmail(value));
export const isValidUsername = (value: string) => USERNAME_PATTERN.test(value);
export const isValidPassword = (value: string) => PASSWORD_PATTERN.test(value) && value.length <= 128;
export const isValidPostalCode = (value: string) => POSTAL_CODE_PATTERN.test(value);
export const isValidPhoneNumber = (value: string) => PHONE_NUMBER_PATTERN.test(value);

/**
 * An e-mail field: normalised (NFKC, trimmed, lower-case; accounts are matched on that form) and
 * refused with `message` when it is not a plain address or holds control, format (bidi, zero-width)
 * or mixed-script characters (docs/rules/accounts.md).
 */
export const emailField = (message: string = EMAIL_MESSAGE) =>
  z.string({ message }).overwrite(normaliseEmail).refine(isAcceptableEmail, { message });
export const emailSchema = emailField();

/**
 * A field that takes a username or an e-mail (login, the admin look-up): when it holds an `@` it is
 * an address, normalised and checked by the e-mail rule; otherwise it is left as typed.
 */
export const usernameOrEmailField = (requiredMessage: string) =>
  z
    .string({ message: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(254)
    .overwrite((v) => (v.includes('@') ? normaliseEmail(v) : v))
    .refine((v) => !v.includes('@') || isAcceptableEmail(v), { message: EMAIL_MESSAGE });

export const usernameSchema = z
  .string({ message: USERNAME_MESSAGE })
  .regex(USERNAME_PATTERN, { message: USERNAME_MESSAGE });

/** Length is capped so a huge body cannot make the password hash expensive. */
export const passwordSchema = z
  .string({ message: PASSWORD_MESSAGE })
  .max(128, { message: 'Password must be at most 128 characters.' })
  .regex(PASSWORD_PATTERN, { message: PASSWORD_MESSAGE });

export const verificationCodeSchema = z
  .string({ message: VERIFICATION_CODE_MESSAGE })
  .trim()
  .regex(VERIFICATION_CODE_PATTERN, { message: VERIFICATION_CODE_MESSAGE });

export const postalCodeSchema = z.string().trim().regex(POSTAL_CODE_PATTERN, { message: POSTAL_CODE_MESSAGE });
export const phoneNumberSchema = z.string().trim().regex(PHONE_NUMBER_PATTERN, { message: PHONE_NUMBER_MESSAGE });
export const countrySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, { message: COUNTRY_MESSAGE })
  .transform((v) => v.toUpperCase())
  .refine(isKnownCountryCode, { message: UNKNOWN_COUNTRY_MESSAGE });

/**
 * Which flow a verification code belongs to. The web's navigation state says `forgetPassword`;
 * `forgotPassword` is accepted as the same thing.
 */
export const verificationProcessSchema = z
  .enum(['signup', 'signUp', 'forgetPassword', 'forgotPassword'])
  .transform((v) => (v === 'signUp' ? 'signup' : v === 'forgotPassword' ? 'forgetPassword' : v));
export type VerificationProcess = 'signup' | 'forgetPassword';

// ---------------------------------------------------------------------------------------------
// Requests and responses

/** The shopper as the session keeps it. `profilePicture` is an image name for GET /api/images/{name}. */
export const sessionUserSchema = z.object({ username: z.string(), profilePicture: z.string() });
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** POST /api/users/login, POST /api/users/create: a signed bearer token (JWT with `exp`). */
export const authResponseSchema = z.object({ token: z.string(), user: sessionUserSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** POST /api/users/check-email. OK (200) means free; 409 `accountMessages.emailTaken` means taken. */
export const checkEmailRequestSchema = z.object({ email: emailSchema });
export type CheckEmailRequest = z.input<typeof checkEmailRequestSchema>;
export const checkEmailResponseSchema = z.object({ available: z.literal(true) });

/**
 * POST /api/verification/create: mails a 6-digit code valid 15 minutes. `process` defaults to signup
 * (409 emailTaken when the address already has an account). For forgetPassword the answer is the same
 * whether or not an account exists; the mail is only sent when it does.
 */
export const createVerificationRequestSchema = z.object({
  email: emailSchema,
  process: verificationProcessSchema.optional(),
});
export type CreateVerificationRequest = z.input<typeof createVerificationRequestSchema>;
export const createVerificationResponseSchema = messageResponseSchema;

/**
 * POST /api/verification/verify. Failure: 400 `accountMessages.codeIncorrect` (wrong, expired, used,
 * or 5 wrong tries). For process forgetPassword the answer carries `resetToken`, to be sent to
 * POST /api/users/change-password (valid 1 hour, single use).
 */
export const verifyCodeRequestSchema = z.object({
  email: emailSchema,
  code: verificationCodeSchema,
  process: verificationProcessSchema.optional(),
});
export type VerifyCodeRequest = z.input<typeof verifyCodeRequestSchema>;
export const verifyCodeResponseSchema = z.object({
  message: z.string(),
  process: z.enum(['signup', 'forgetPassword']),
  resetToken: z.string().optional(),
});
export type VerifyCodeResponse = z.infer<typeof verifyCodeResponseSchema>;

/**
 * POST /api/users/create → authResponse. Only for an e-mail verified by a signup code in the last hour.
 * 409 'Username already exists' or emailTaken; 400 emailNotVerified or a validation message.
 */
export const createUserRequestSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type CreateUserRequest = z.input<typeof createUserRequestSchema>;

/** POST /api/users/login: `username` is the username or the e-mail. 401 invalidLogin on failure. */
export const loginRequestSchema = z.object({
  username: usernameOrEmailField('Please enter your username or email.'),
  password: z.string({ message: 'Please enter your password.' }).min(1, 'Please enter your password.').max(128),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** POST /api/users/forgot-password: always answers `accountMessages.resetLinkSent`. */
export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

/** POST /api/users/reset-password/{token} → `accountMessages.passwordResetDone`; 400 resetLinkInvalid. */
export const resetPasswordRequestSchema = z.object({ password: passwordSchema });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/**
 * POST /api/users/change-password (the code path of password recovery): `resetToken` comes from
 * POST /api/verification/verify with process forgetPassword. Same answers as reset-password.
 */
export const changePasswordRequestSchema = z.object({
  email: emailSchema,
  resetToken: z.string({ message: accountMessages.resetLinkInvalid }).min(1, accountMessages.resetLinkInvalid).max(200),
  password: passwordSchema,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** Shipping address (docs/rules/accounts.md). Empty fields are null; country defaults to SG. */
export const shippingAddressSchema = z.object({
  fullName: z.string().nullable(),
  country: z.string(),
  postalCode: z.string().nullable(),
  unitNumber: z.string().nullable(),
  fullAddress: z.string().nullable(),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/** GET /api/users/details/{username} (own only, else 403). */
export const userDetailsSchema = z.object({
  username: z.string(),
  email: z.string(),
  profilePicture: z.string(),
  phoneNumber: z.string().nullable(),
  shippingAddress: shippingAddressSchema,
  /** Shown as "Someone" in other shoppers' live purchase banner (default: the username). */
  appearAsSomeone: z.boolean(),
});
export type UserDetails = z.infer<typeof userDetailsSchema>;

/** GET /api/users/shipping-address/{username} (own only). `complete` = all five address fields set. */
export const shippingAddressResponseSchema = z.object({
  phoneNumber: z.string().nullable(),
  shippingAddress: shippingAddressSchema,
  complete: z.boolean(),
});
export type ShippingAddressResponse = z.infer<typeof shippingAddressResponseSchema>;

/** True when every shipping address field the shop requires is non-empty. */
export function isShippingAddressComplete(address: ShippingAddress): boolean {
  return [address.fullName, address.country, address.postalCode, address.unitNumber, address.fullAddress].every(
    (v) => typeof v === 'string' && v.trim() !== '',
  );
}

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters.` });

/**
 * POST /api/users/update-profile (multipart; every field optional, send only changed ones; the file
 * field is `profileImage`). `username` is the new username (a changed username answers a new token).
 * An empty string clears phoneNumber and the address fields.
 */
export const updateProfileFieldsSchema = z.object({
  username: usernameSchema.optional(),
  phoneNumber: z.union([z.literal(''), phoneNumberSchema]).optional(),
  postalCode: z.union([z.literal(''), postalCodeSchema]).optional(),
  unitNumber: optionalText(50, 'Unit number').optional(),
  country: countrySchema.optional(),
  fullAddress: optionalText(300, 'Full address').optional(),
  fullName: optionalText(100, 'Full name').optional(),
  // A multipart form sends it as the text 'true' or 'false'.
  appearAsSomeone: z
    .preprocess(
      (v) => (v === 'true' ? true : v === 'false' ? false : v),
      z.boolean({ message: 'appearAsSomeone must be true or false.' }),
    )
    .optional(),
});
export type UpdateProfileFields = z.input<typeof updateProfileFieldsSchema>;
export const updateProfileResponseSchema = z.object({
  message: z.string(),
  token: z.string().optional(),
  user: sessionUserSchema,
  details: userDetailsSchema,
});
export type UpdateProfileResponse = z.infer<typeof updateProfileResponseSchema>;

/** POST /api/admin/login → a token with role admin (8 h). 401 invalidLogin on failure. */
export const adminLoginRequestSchema = z.object({
  username: z.string({ message: 'Username is required.' }).trim().min(1, 'Username is required.').max(100),
  password: z.string({ message: 'Password is required.' }).min(1, 'Password is required.').max(128),
  // The second step when the admin has a second factor (docs/rules/two-factor.md).
  ...adminLoginSecondFactorFields,
});
export type AdminLoginRequest = z.input<typeof adminLoginRequestSchema>;
export const adminLoginResponseSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  /** This session reaches only the two-factor pages until the owner sets up a second factor. */
  twoFactorEnrolmentRequired: z.boolean().optional(),
});
export type AdminLoginResponse = z.infer<typeof adminLoginResponseSchema>;

/** GET /api/dev/outbox (outside production): the stored mails, newest first. */
export const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;
export const outboxListSchema = z.array(outboxMailSchema);
/** GET /api/dev/outbox?to=&limit= (and /latest, which reads only `to`). */
export const outboxQuerySchema = z.object({
  to: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

/** `/api/users/details/{username}`, `/api/users/shipping-address/{username}` */
export const usernameParamsSchema = z.object({ username: z.string().min(1).max(100) });
/** `/api/users/reset-password/{token}`: the link's token (checked by the server, never trusted). */
export const resetTokenParamsSchema = z.object({ token: z.string().max(200) });

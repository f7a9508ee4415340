import type { AppContext } from '../../core/context.ts';
import type { AuditService } from '../audit/service.ts';
import type { MailService } from '../mail/service.ts';
import type { MediaService } from '../media/service.ts';
import { DEFAULT_PROFILE_PICTURE_SVG } from './default-picture.ts';
import { createAdmins, type AdminSecondFactor } from './admins.ts';
import { createPasswordResets } from './password-reset.ts';
import { createAccountPersonalData } from './personal-data.ts';
import { createProfile } from './profile.ts';
import type { Sessions } from './sessions.ts';
import { createSessionList } from './session-list.ts';
import { createShoppers } from './shoppers.ts';
import { createSignup } from './signup.ts';
import { createVerification } from './verification.ts';

export type { ProfileImage } from './profile.ts';
export type { Sessions } from './sessions.ts';
export type { SignInClient } from './session-devices.ts';
export type { AdminSecondFactor } from './admins.ts';
// The login's attempt limits, for routes elsewhere that confirm a shopper's password, and the per-IP and
// per-account limit other modules' guessable routes use (docs/rules/security.md).
export { accountLimits, passwordConfirmLimited, rateLimited, type RouteLimits } from './rate-limits.ts';

/**
 * Accounts: shoppers (sign-up with a verified e-mail, login, password recovery, profile) and admins.
 * Other modules use `getAccount`, `findAccount`, `getAccounts` and `requireSelf`. `sessions` (the
 * per-request session check, the shopper sessions' rows) is built with the context, which checks tokens
 * with it and opens a session row for each shopper token it signs.
 */
export function createAccountsService(
  ctx: AppContext,
  deps: {
    mail: MailService;
    media: MediaService;
    audit: AuditService;
    sessions: Sessions;
    /** The admin login's second step (the two-factor module; docs/rules/two-factor.md). */
    secondFactor: AdminSecondFactor;
  },
) {
  const { mail, media, audit, sessions, secondFactor } = deps;
  const resets = createPasswordResets(ctx, mail, sessions);
  const verification = createVerification(ctx, mail, resets);
  const adminAccounts = createAdmins(ctx, { mail, audit, secondFactor });
  const signup = createSignup(ctx, verification, mail);
  return {
    sendCode: verification.sendCode,
    verifyCode: verification.verifyCode,
    ...signup,
    adminLoginAccountKey: adminAccounts.loginAccountKey,
    /** GET /api/users/logout with a valid token: ends that session only (this browser's). */
    logout: sessions.end,
    ...createSessionList(ctx, sessions),
    /** Admin tokens revoked one by one (the hourly revoked-token-purge job). */
    purgeRevokedTokens: sessions.purgeRevokedTokens,
    /** Ended and expired shopper sessions (the hourly session-purge job). */
    purgeEndedSessions: sessions.purgeEndedSessions,
    forgotPassword: resets.sendLink,
    /** The link path: ends every session of the account. */
    resetPassword: (token: string, password: string) => resets.resetWithToken(token, password),
    /**
     * The code path; a signed-in caller of that account (`caller`) keeps their session, every other
     * session ends.
     */
    changePassword: (
      email: string,
      resetToken: string,
      password: string,
      caller?: { userId: string; tokenId: string },
    ) => resets.resetWithToken(resetToken, password, { expectedEmail: email, ...(caller ? { caller } : {}) }),
    ...createProfile({ ctx, mail, media }),
    ...createShoppers(ctx),
    /** Personal data (docs/rules/personal-data.md): the export's profile, a password confirmation, anonymisation. */
    personalData: createAccountPersonalData({ ctx, mail, media }),
    ensureAdmin: adminAccounts.ensureAdmin,
    adminLogin: adminAccounts.login,
    admins: adminAccounts,
    /** On start: the default profile picture and the configured first admin exist. */
    async ensureStartupData(): Promise<void> {
      await media.putImage(ctx.db, DEFAULT_PROFILE_PICTURE_SVG, 'image/svg+xml');
      if (ctx.config.admin) {
        const { created } = await adminAccounts.ensureAdmin(ctx.config.admin.username, ctx.config.admin.password);
        if (created)
          ctx.log.info({ username: ctx.config.admin.username }, 'created the first admin from ADMIN_USERNAME');
      }
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;

import type { AppContext } from '../../core/context.ts';
import type { AuditService } from '../audit/service.ts';
import type { MailService } from '../mail/service.ts';
import type { MediaService } from '../media/service.ts';
import { DEFAULT_PROFILE_PICTURE_SVG } from './default-picture.ts';
import { createAdmins } from './admins.ts';
import { createPasswordResets } from './password-reset.ts';
import { createAccountPersonalData } from './personal-data.ts';
import { createProfile } from './profile.ts';
import type { Sessions } from './sessions.ts';
import { createShoppers } from './shoppers.ts';
import { createSignup } from './signup.ts';
import { createVerification } from './verification.ts';

export type { ProfileImage } from './profile.ts';
export type { Sessions } from './sessions.ts';
// The login's attempt limits, for routes elsewhere that confirm a shopper's password (docs/rules/security.md).
export { accountLimits, passwordConfirmLimited } from './rate-limits.ts';

/**
 * Accounts: shoppers (sign-up with a verified e-mail, login, password recovery, profile) and admins.
 * Other modules use `getAccount`, `findAccount`, `getAccounts` and `requireSelf`. `sessions` (the
 * per-request session check, logout's revocation) is built with the context, which checks tokens with it.
 */
export function createAccountsService(
  ctx: AppContext,
  deps: { mail: MailService; media: MediaService; audit: AuditService; sessions: Sessions },
) {
  const { mail, media, audit, sessions } = deps;
  const resets = createPasswordResets(ctx, mail);
  const verification = createVerification(ctx, mail, resets);
  const adminAccounts = createAdmins(ctx, { mail, audit });
  const signup = createSignup(ctx, verification);
  return {
    sendCode: verification.sendCode,
    verifyCode: verification.verifyCode,
    ...signup,
    adminLoginAccountKey: adminAccounts.loginAccountKey,
    /** GET /api/users/logout with a valid token: revokes that token only (this browser's session). */
    logout: sessions.revoke,
    purgeRevokedTokens: sessions.purgeRevokedTokens,
    forgotPassword: resets.sendLink,
    resetPassword: (token: string, password: string) => resets.resetWithToken(token, password),
    changePassword: (email: string, resetToken: string, password: string) =>
      resets.resetWithToken(resetToken, password, email),
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

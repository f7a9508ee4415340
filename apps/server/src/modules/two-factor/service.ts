import type { AdminRole, PasskeyRegistrationResponse } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../db/database.ts';
import type { Principal } from '../../core/auth.ts';
import type { AuditService } from '../audit/service.ts';
import { addPasskey, disableTotp, enableTotp, mustEnrol, removePasskey, resetFactors, statusOf } from './factors.ts';
import { checkSecondFactor, type SecondFactorProof } from './login-check.ts';
import { loginOptions, registrationOptions } from './passkeys.ts';
import { sealPlainTotpSecrets, startTotpSetup } from './totp.ts';

export type { SecondFactorProof } from './login-check.ts';
export { loadWebAuthn } from './passkeys.ts';

type Admin = Pick<Principal, 'id' | 'username' | 'adminRole'>;

/**
 * Two-factor sign-in of the back office (docs/rules/two-factor.md): an authenticator app (TOTP) with
 * recovery codes, and passkeys. Accounts' admin login asks `check` for the second step and
 * `mustEnrol` whether a session without a factor is only good for enrolling.
 */
export function createTwoFactorService(ctx: AppContext, deps: { audit: AuditService }) {
  const d = { ctx, audit: deps.audit };
  return {
    /** The login's second step: passes an admin without a factor (`enrolled: false`), else needs a good proof. */
    check: (adminId: string, proof: SecondFactorProof) => checkSecondFactor(ctx, adminId, proof),
    /** Whether an admin of this role must have a second factor (owners under ADMIN_TWO_FACTOR=required). */
    mustEnrol: (role: AdminRole) => mustEnrol(ctx.config, role),
    status: (admin: Admin, enrolmentPending: boolean) => statusOf(d, admin, enrolmentPending),
    setup: (admin: Admin) => startTotpSetup(ctx, admin),
    enable: (admin: Admin, code: string) => enableTotp(d, admin, code),
    disable: (admin: Admin, code: string) => disableTotp(d, admin, code),
    passkeyRegistrationOptions: (admin: Admin) => registrationOptions(ctx, admin),
    addPasskey: (admin: Admin, response: PasskeyRegistrationResponse, name?: string) =>
      addPasskey(d, admin, response, name),
    removePasskey: (admin: Admin, passkeyId: string) => removePasskey(d, admin, passkeyId),
    /** Options for a passkey login of the admin named (null: unknown name; the options then match nothing). */
    passkeyLoginOptions: (adminId: string | null) => loginOptions(ctx, adminId),
    /** The hourly totp-sealing job: seals secrets stored before sealing; returns how many. */
    sealPlainSecrets: () => sealPlainTotpSecrets(ctx),
    /** Another owner clears an admin's factors; `endSessions` (accounts') ends theirs in the same transaction. */
    reset: (actor: Admin, adminId: string, endSessions: (tx: Tx) => Promise<void>) =>
      resetFactors(d, actor, adminId, endSessions),
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

import {
  isTotpCode,
  normaliseTwoFactorCode,
  twoFactorMessages,
  type PasskeyAuthenticationResponse,
} from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import { HttpError } from '../../core/http-errors.ts';
import { passkeysOf, passkeyRefused, takePasskeyLogin } from './passkeys.ts';
import { recoveryCodesLeft, takeRecoveryCode } from './recovery-codes.ts';
import { takeTotpCode, totpOf } from './totp.ts';

/** What an admin sends as their second factor at login: a TOTP or recovery code, or a passkey's answer. */
export interface SecondFactorProof {
  code?: string;
  passkey?: PasskeyAuthenticationResponse;
}

type CheckContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'log'>;

/** Whether the admin has any second factor on: a confirmed authenticator app or a passkey. */
export async function hasSecondFactor(ctx: CheckContext, adminId: string): Promise<boolean> {
  const totp = await totpOf(ctx.db, adminId);
  if (totp?.enabledAt) return true;
  return (await passkeysOf(ctx.db, adminId)).length > 0;
}

/**
 * Takes a typed code: six digits against the authenticator app (each time step once), anything else
 * as a recovery code (each once). False for a wrong, reused or spent code: the caller answers it.
 */
export async function takeCode(ctx: CheckContext, adminId: string, typed: string): Promise<boolean> {
  const code = normaliseTwoFactorCode(typed);
  if (isTotpCode(code)) {
    const totp = await totpOf(ctx.db, adminId);
    return totp?.enabledAt ? takeTotpCode(ctx, ctx.db, totp, code) : false;
  }
  return (await recoveryCodesLeft(ctx.db, adminId)) > 0 && (await takeRecoveryCode(ctx.db, ctx.clock, adminId, code));
}

/**
 * The login's second step (docs/rules/two-factor.md). An admin without a factor passes (and is told
 * so: `enrolled: false`); with one, no proof is 401 `twoFactorRequired`, a wrong one 401 invalid.
 */
export async function checkSecondFactor(
  ctx: CheckContext,
  adminId: string,
  proof: SecondFactorProof,
): Promise<{ enrolled: boolean }> {
  if (!(await hasSecondFactor(ctx, adminId))) return { enrolled: false };
  if (proof.passkey) {
    if (!(await takePasskeyLogin(ctx, adminId, proof.passkey))) throw passkeyRefused();
    return { enrolled: true };
  }
  if (!proof.code) throw new HttpError(401, twoFactorMessages.codeRequired, { twoFactorRequired: true });
  if (!(await takeCode(ctx, adminId, proof.code))) throw new HttpError(401, twoFactorMessages.invalidCode);
  return { enrolled: true };
}

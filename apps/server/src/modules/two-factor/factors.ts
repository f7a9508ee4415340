import { and, eq } from 'drizzle-orm';
import {
  normaliseTwoFactorCode,
  twoFactorMessages,
  type PasskeyRegistrationResponse,
  type PasskeyView,
  type TwoFactorStatus,
} from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../db/database.ts';
import type { Principal } from '../../core/auth.ts';
import { badRequest, conflict, notFound } from '../../core/http-errors.ts';
import type { AuditService } from '../audit/service.ts';
import { takeCode } from './login-check.ts';
import { passkeysOf, passkeyView, registerPasskey } from './passkeys.ts';
import { dropRecoveryCodes, recoveryCodesLeft, replaceRecoveryCodes } from './recovery-codes.ts';
import { adminPasskeys, adminTotp } from './tables.ts';
import { takeTotpCode, totpOf } from './totp.ts';

export interface FactorDeps {
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'log'>;
  audit: AuditService;
}
type Actor = Pick<Principal, 'id' | 'username' | 'adminRole'>;

/** Whether this admin must have a second factor: owners, when ADMIN_TWO_FACTOR is required. */
export const mustEnrol = (config: AppContext['config'], role: Principal['adminRole']) =>
  role === 'owner' && config.adminTwoFactor === 'required';

export async function statusOf(d: FactorDeps, admin: Actor, enrolmentPending: boolean): Promise<TwoFactorStatus> {
  const totp = await totpOf(d.ctx.db, admin.id);
  return {
    totp: Boolean(totp?.enabledAt),
    recoveryCodesLeft: await recoveryCodesLeft(d.ctx.db, admin.id),
    passkeys: (await passkeysOf(d.ctx.db, admin.id)).map(passkeyView),
    required: mustEnrol(d.ctx.config, admin.adminRole),
    enrolmentPending,
  };
}

/** Turns the authenticator app on with its first code; ten fresh recovery codes come with it (audited). */
export async function enableTotp(d: FactorDeps, admin: Actor, code: string): Promise<string[]> {
  return d.ctx.db.transaction(async (tx) => {
    const [totp] = await tx.select().from(adminTotp).where(eq(adminTotp.adminId, admin.id)).for('update');
    if (!totp) throw badRequest(twoFactorMessages.setupFirst);
    if (totp.enabledAt) throw conflict(twoFactorMessages.alreadyOn);
    if (!(await takeTotpCode(d.ctx, tx, totp, normaliseTwoFactorCode(code))))
      throw badRequest(twoFactorMessages.invalidCode);
    await tx.update(adminTotp).set({ enabledAt: d.ctx.clock.now() }).where(eq(adminTotp.adminId, admin.id));
    const codes = await replaceRecoveryCodes(tx, d.ctx.clock, admin.id);
    await d.audit.record(tx, {
      admin,
      action: 'admin.two-factor.enable',
      entityType: 'admin',
      entityId: admin.id,
      after: { totp: true },
    });
    return codes;
  });
}

/**
 * Turns the authenticator app off with a current code or a recovery code (a stolen session alone
 * cannot); the recovery codes go too unless a passkey remains.
 */
export async function disableTotp(d: FactorDeps, admin: Actor, code: string): Promise<void> {
  const totp = await totpOf(d.ctx.db, admin.id);
  if (!totp?.enabledAt) throw badRequest(twoFactorMessages.notOn);
  if (!(await takeCode(d.ctx, admin.id, code))) throw badRequest(twoFactorMessages.invalidCode);
  await d.ctx.db.transaction(async (tx) => {
    await tx.delete(adminTotp).where(eq(adminTotp.adminId, admin.id));
    if ((await passkeysOf(tx, admin.id)).length === 0) await dropRecoveryCodes(tx, admin.id);
    await d.audit.record(tx, {
      admin,
      action: 'admin.two-factor.disable',
      entityType: 'admin',
      entityId: admin.id,
      before: { totp: true },
    });
  });
}

/** Adds a passkey; an admin's first factor brings their recovery codes (returned once). */
export async function addPasskey(
  d: FactorDeps,
  admin: Actor,
  response: PasskeyRegistrationResponse,
  name: string | undefined,
): Promise<{ passkey: PasskeyView; recoveryCodes?: string[] }> {
  return d.ctx.db.transaction(async (tx) => {
    const row = await registerPasskey(d.ctx, tx, admin.id, response, name || 'Passkey');
    const recoveryCodes =
      (await recoveryCodesLeft(tx, admin.id)) === 0 ? await replaceRecoveryCodes(tx, d.ctx.clock, admin.id) : undefined;
    await d.audit.record(tx, {
      admin,
      action: 'admin.two-factor.passkey-add',
      entityType: 'admin',
      entityId: admin.id,
      after: { passkey: row.name },
    });
    return { passkey: passkeyView(row), ...(recoveryCodes ? { recoveryCodes } : {}) };
  });
}

export async function removePasskey(d: FactorDeps, admin: Actor, passkeyId: string): Promise<void> {
  await d.ctx.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(adminPasskeys)
      .where(and(eq(adminPasskeys.id, passkeyId), eq(adminPasskeys.adminId, admin.id)))
      .returning();
    if (!removed) throw notFound(twoFactorMessages.passkeyNotFound);
    const totp = await totpOf(tx, admin.id);
    if (!totp?.enabledAt && (await passkeysOf(tx, admin.id)).length === 0) await dropRecoveryCodes(tx, admin.id);
    await d.audit.record(tx, {
      admin,
      action: 'admin.two-factor.passkey-remove',
      entityType: 'admin',
      entityId: admin.id,
      before: { passkey: removed.name },
    });
  });
}

/** Another owner (the route is owners' only) clears an admin's every factor (a lost phone), audited. */
export async function resetFactors(
  d: FactorDeps,
  actor: Actor,
  adminId: string,
  endSessions: (tx: Tx) => Promise<void>,
): Promise<void> {
  if (actor.id === adminId) throw badRequest(twoFactorMessages.cannotResetSelf);
  await d.ctx.db.transaction(async (tx) => {
    // The factors may have gone with a lost or stolen phone: its sessions go too.
    await endSessions(tx);
    const totp = await totpOf(tx, adminId);
    const keys = await passkeysOf(tx, adminId);
    await tx.delete(adminTotp).where(eq(adminTotp.adminId, adminId));
    await tx.delete(adminPasskeys).where(eq(adminPasskeys.adminId, adminId));
    await dropRecoveryCodes(tx, adminId);
    await d.audit.record(tx, {
      admin: actor,
      action: 'admin.two-factor.reset',
      entityType: 'admin',
      entityId: adminId,
      before: { totp: Boolean(totp?.enabledAt), passkeys: keys.length },
      after: { totp: false, passkeys: 0 },
    });
  });
}

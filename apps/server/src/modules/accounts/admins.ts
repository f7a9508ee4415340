import { asc, eq, sql } from 'drizzle-orm';
import {
  accountMessages,
  shopOpsMessages,
  type AdminRole,
  type PasskeyAuthenticationResponse,
  type AdminAccount,
  type AdminMe,
  type InviteAdminRequest,
} from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import type { Principal } from '../../core/auth.ts';
import type { AuditService } from '../audit/service.ts';
import { HttpError, badRequest, notFound } from '../../core/http-errors.ts';
import type { MailService } from '../mail/service.ts';
import { acceptInvite, inviteAdmin, type AdminDeps } from './admin-invites.ts';
import { adminUsernameKey, auditView, toAdminAccount, type AdminRow } from './admin-views.ts';
import { admins } from './tables.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './secrets.ts';

async function rowOf(ctx: AppContext, id: string): Promise<AdminRow> {
  const [row] = await ctx.db.select().from(admins).where(eq(admins.id, id));
  if (!row) throw notFound('Admin not found');
  return row;
}

async function idByName(ctx: AppContext, username: string): Promise<string | null> {
  const [admin] = await ctx.db
    .select({ id: admins.id })
    .from(admins)
    .where(eq(adminUsernameKey, username.trim().toLowerCase()));
  return admin?.id ?? null;
}

/** Disables or enables another admin; disabling ends their sessions (the token version moves on). */
async function setDisabled(d: AdminDeps, actor: Principal, adminId: string, disabled: boolean): Promise<AdminAccount> {
  if (actor.id === adminId) throw badRequest(shopOpsMessages.cannotDisableSelf);
  return d.ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(admins).where(eq(admins.id, adminId)).for('update');
    if (!before) throw notFound('Admin not found');
    if ((before.disabledAt !== null) === disabled) return toAdminAccount(before);
    const [after] = await tx
      .update(admins)
      // Disabling raises the token version: every session of that admin ends at once.
      .set(
        disabled
          ? { disabledAt: d.ctx.clock.now(), tokenVersion: sql`${admins.tokenVersion} + 1` }
          : { disabledAt: null },
      )
      .where(eq(admins.id, adminId))
      .returning();
    await d.audit.record(tx, {
      admin: actor,
      action: disabled ? 'admin.disable' : 'admin.enable',
      entityType: 'admin',
      entityId: adminId,
      before: auditView(before),
      after: auditView(after!),
    });
    return toAdminAccount(after!);
  });
}

/** A login's second step, as accounts needs it: given by the composition root (the two-factor module). */
export interface AdminSecondFactor {
  /** Passes an admin without a factor (`enrolled: false`); with one, a missing or wrong proof is a 401. */
  check(adminId: string, proof: AdminLoginProof): Promise<{ enrolled: boolean }>;
  /** Whether an admin of this role must have a second factor before using the back office. */
  mustEnrol(role: AdminRole): boolean;
}
export interface AdminLoginProof {
  code?: string;
  passkey?: PasskeyAuthenticationResponse;
}
export interface AdminLoginResult {
  token: string;
  expiresAt: Date;
  /** The session reaches only the two-factor routes until the admin enrols (docs/rules/two-factor.md). */
  enrolmentOnly: boolean;
}

/**
 * 401 with one text for a wrong username, a wrong password or a password not set yet; 403 when
 * disabled; then the second factor (docs/rules/two-factor.md). An owner who must enrol and has no
 * factor gets an enrolment-only token.
 */
async function login(
  ctx: AppContext,
  secondFactor: AdminSecondFactor,
  credentials: { username: string; password: string } & AdminLoginProof,
): Promise<AdminLoginResult> {
  const { username, password } = credentials;
  const [admin] = await ctx.db.select().from(admins).where(eq(adminUsernameKey, username.toLowerCase()));
  if (!admin?.passwordHash) {
    await burnPasswordCheck(password);
    throw new HttpError(401, accountMessages.invalidLogin);
  }
  if (!(await verifyPassword(admin.passwordHash, password))) throw new HttpError(401, accountMessages.invalidLogin);
  if (admin.disabledAt) throw new HttpError(403, shopOpsMessages.accountDisabled);
  const { enrolled } = await secondFactor.check(admin.id, credentials);
  const enrolmentOnly = !enrolled && secondFactor.mustEnrol(admin.role);
  const signed = await ctx.tokens.sign({
    id: admin.id,
    username: admin.username,
    role: 'admin',
    tokenVersion: admin.tokenVersion,
    ...(enrolmentOnly ? { enrolmentOnly: true as const } : {}),
  });
  return { ...signed, enrolmentOnly };
}

/** The caller's own password; their other sessions end, this one gets a fresh token. */
async function changePassword(
  d: AdminDeps,
  actor: Principal,
  currentPassword: string,
  newPassword: string,
): Promise<{ token: string; expiresAt: Date }> {
  const row = await rowOf(d.ctx, actor.id);
  if (!row.passwordHash || !(await verifyPassword(row.passwordHash, currentPassword)))
    throw badRequest(shopOpsMessages.wrongPassword);
  const passwordHash = await hashPassword(newPassword);
  const updated = await d.ctx.db.transaction(async (tx) => {
    const [after] = await tx
      .update(admins)
      .set({ passwordHash, tokenVersion: sql`${admins.tokenVersion} + 1` })
      .where(eq(admins.id, actor.id))
      .returning();
    await d.audit.record(tx, {
      admin: actor,
      action: 'admin.password',
      entityType: 'admin',
      entityId: actor.id,
      before: null,
      after: null,
    });
    return after!;
  });
  return d.ctx.tokens.sign({
    id: updated.id,
    username: updated.username,
    role: 'admin',
    tokenVersion: updated.tokenVersion,
  });
}

/**
 * Back-office accounts, apart from shoppers: owners and staff (docs/rules/shop-ops.md). Tokens carry
 * role admin; the owner/staff role is read from the account on every request.
 */
export function createAdmins(
  ctx: AppContext,
  deps: { mail: MailService; audit: AuditService; secondFactor: AdminSecondFactor },
) {
  return {
    /** A new admin without a password, and a one-time set-password link sent through the mail queue. */
    invite: (actor: Principal, input: InviteAdminRequest) => inviteAdmin({ ctx, ...deps }, actor, input),
    /** Sets an invited admin's password with their unused, unexpired link (taken with a conditional update). */
    acceptInvite: (token: string, password: string) => acceptInvite(ctx, token, password),
    /** Creates the admin (an owner) when no admin has that username yet; an existing one is left as it is. */
    async ensureAdmin(username: string, password: string): Promise<{ created: boolean }> {
      const [existing] = await ctx.db
        .select({ id: admins.id })
        .from(admins)
        .where(eq(adminUsernameKey, username.toLowerCase()));
      if (existing) return { created: false };
      const inserted = await ctx.db
        .insert(admins)
        .values({ username, passwordHash: await hashPassword(password), role: 'owner', createdAt: ctx.clock.now() })
        .onConflictDoNothing()
        .returning({ id: admins.id });
      return { created: inserted.length > 0 };
    },

    /** The login-limit key of a typed admin name: the admin's id, or the name when there is none. */
    async loginAccountKey(username: string): Promise<string> {
      const id = await idByName(ctx, username);
      return id ? `admin:${id}` : `name:${username.trim().toLowerCase()}`;
    },

    /** 401 with one text for a wrong username, a wrong password or a password not set yet; 403 when disabled. */
    login: (credentials: { username: string; password: string } & AdminLoginProof) =>
      login(ctx, deps.secondFactor, credentials),

    /** The admin's id by name (any case, surrounding spaces ignored), or null. */
    findId: (username: string) => idByName(ctx, username),

    /** One admin by id; 404 when there is none. */
    get: async (adminId: string): Promise<AdminAccount> => toAdminAccount(await rowOf(ctx, adminId)),

    /** A full token for the signed-in admin once they enrolled (their enrolment-only one is replaced). */
    async freshToken(adminId: string): Promise<{ token: string; expiresAt: Date }> {
      const row = await rowOf(ctx, adminId);
      return ctx.tokens.sign({ id: row.id, username: row.username, role: 'admin', tokenVersion: row.tokenVersion });
    },

    async me(principal: Principal): Promise<AdminMe> {
      const row = await rowOf(ctx, principal.id);
      return { id: row.id, username: row.username, role: row.role };
    },

    async list(): Promise<AdminAccount[]> {
      return (await ctx.db.select().from(admins).orderBy(asc(admins.createdAt))).map(toAdminAccount);
    },

    /** The caller's own password; their other sessions end, this one gets a fresh token. */
    changePassword: (actor: Principal, currentPassword: string, newPassword: string) =>
      changePassword({ ctx, ...deps }, actor, currentPassword, newPassword),

    /** Ends every session of the admin (their token version moves on), in the caller's transaction. */
    async endSessions(exec: Executor, adminId: string): Promise<void> {
      await exec
        .update(admins)
        .set({ tokenVersion: sql`${admins.tokenVersion} + 1` })
        .where(eq(admins.id, adminId));
    },

    disable: (actor: Principal, adminId: string) => setDisabled({ ctx, ...deps }, actor, adminId, true),
    enable: (actor: Principal, adminId: string) => setDisabled({ ctx, ...deps }, actor, adminId, false),
  };
}

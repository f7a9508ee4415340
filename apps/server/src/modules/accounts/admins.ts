import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { accountMessages, shopOpsMessages, type AdminAccount, type AdminMe, type AdminRole, type InviteAdminRequest } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Principal } from '../../core/auth.ts';
import type { AuditService } from '../audit/service.ts';
import { DAY } from '../../core/clock.ts';
import { HttpError, badRequest, conflict, notFound } from '../../core/http-errors.ts';
import type { MailService } from '../mail/service.ts';
import { renderMail } from '../mail/service.ts';
import { adminInvites, admins } from './tables.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { burnPasswordCheck, generateToken, hashPassword, hashToken, TOKEN_PATTERN, verifyPassword } from './secrets.ts';

/** How long an invited admin's set-password link works. */
export const ADMIN_INVITE_TTL_MS = 3 * DAY;

type AdminRow = typeof admins.$inferSelect;
const usernameKey = sql`lower(${admins.username})`;

const toAdminAccount = (row: AdminRow): AdminAccount => ({
  id: row.id,
  username: row.username,
  email: row.email,
  role: row.role,
  disabled: row.disabledAt !== null,
  passwordSet: row.passwordHash !== null,
  createdAt: row.createdAt.toISOString(),
});
/** What the audit log keeps of an admin: never the password hash. */
const auditView = (row: AdminRow) => {
  const { createdAt: _c, ...rest } = toAdminAccount(row);
  return rest;
};

function inviteMail(to: string, username: string, role: AdminRole, link: string) {
  const content = renderMail({
    title: 'You are invited to the Kujiya back office',
    intro: [`Hi ${username},`, `You have been invited as ${role === 'owner' ? 'an owner' : 'a staff member'} of the Kujiya back office.`],
    action: { label: 'Set your password', url: link },
    outro: ['This link is valid for 3 days and can be used once.', 'If you did not expect this e-mail, you can ignore it.'],
  });
  return { to, subject: 'Your Kujiya back office invitation', ...content };
}

/**
 * Back-office accounts, apart from shoppers: owners and staff (docs/rules/shop-ops.md). Tokens carry
 * role admin; the owner/staff role is read from the account on every request.
 */
export function createAdmins(ctx: AppContext, deps: { mail: MailService; audit: AuditService }) {
  async function rowOf(id: string): Promise<AdminRow> {
    const [row] = await ctx.db.select().from(admins).where(eq(admins.id, id));
    if (!row) throw notFound('Admin not found');
    return row;
  }

  async function setDisabled(actor: Principal, adminId: string, disabled: boolean): Promise<AdminAccount> {
    if (actor.id === adminId) throw badRequest(shopOpsMessages.cannotDisableSelf);
    return ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(admins).where(eq(admins.id, adminId)).for('update');
      if (!before) throw notFound('Admin not found');
      if ((before.disabledAt !== null) === disabled) return toAdminAccount(before);
      const [after] = await tx
        .update(admins)
        // Disabling raises the token version: every session of that admin ends at once.
        .set(disabled ? { disabledAt: ctx.clock.now(), tokenVersion: sql`${admins.tokenVersion} + 1` } : { disabledAt: null })
        .where(eq(admins.id, adminId))
        .returning();
      await deps.audit.record(tx, { admin: actor,
        action: disabled ? 'admin.disable' : 'admin.enable',
        entityType: 'admin',
        entityId: adminId,
        before: auditView(before),
        after: auditView(after!),
      });
      return toAdminAccount(after!);
    });
  }

  return {
    /** Creates the admin (an owner) when no admin has that username yet; an existing one is left as it is. */
    async ensureAdmin(username: string, password: string): Promise<{ created: boolean }> {
      const [existing] = await ctx.db.select({ id: admins.id }).from(admins).where(eq(usernameKey, username.toLowerCase()));
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
      const [admin] = await ctx.db
        .select({ id: admins.id })
        .from(admins)
        .where(eq(sql`lower(${admins.username})`, username.trim().toLowerCase()));
      return admin ? `admin:${admin.id}` : `name:${username.trim().toLowerCase()}`;
    },

    /** 401 with one text for a wrong username, a wrong password or a password not set yet; 403 when disabled. */
    async login(username: string, password: string): Promise<{ token: string; expiresAt: Date }> {
      const [admin] = await ctx.db.select().from(admins).where(eq(usernameKey, username.toLowerCase()));
      if (!admin?.passwordHash) {
        await burnPasswordCheck(password);
        throw new HttpError(401, accountMessages.invalidLogin);
      }
      if (!(await verifyPassword(admin.passwordHash, password))) throw new HttpError(401, accountMessages.invalidLogin);
      if (admin.disabledAt) throw new HttpError(403, shopOpsMessages.accountDisabled);
      return ctx.tokens.sign({ id: admin.id, username: admin.username, role: 'admin', tokenVersion: admin.tokenVersion });
    },

    async me(principal: Principal): Promise<AdminMe> {
      const row = await rowOf(principal.id);
      return { id: row.id, username: row.username, role: row.role };
    },

    async list(): Promise<AdminAccount[]> {
      return (await ctx.db.select().from(admins).orderBy(asc(admins.createdAt))).map(toAdminAccount);
    },

    /** A new admin without a password, and a one-time set-password link sent through the mail queue. */
    async invite(actor: Principal, input: InviteAdminRequest): Promise<AdminAccount> {
      const token = generateToken();
      const invited = await ctx.db.transaction(async (tx) => {
        const now = ctx.clock.now();
        const [taken] = await tx.select({ id: admins.id }).from(admins).where(eq(usernameKey, input.username.toLowerCase()));
        if (taken) throw conflict(shopOpsMessages.adminTaken);
        const [row] = await tx
          .insert(admins)
          .values({ username: input.username, email: input.email, role: input.role, passwordHash: null, createdAt: now })
          .returning()
          .catch((error: unknown) => {
            if (isUniqueViolation(error, 'admins_username_lower_idx')) throw conflict(shopOpsMessages.adminTaken);
            throw error;
          });
        await tx.insert(adminInvites).values({
          adminId: row!.id,
          tokenHash: hashToken(token),
          expiresAt: new Date(now.getTime() + ADMIN_INVITE_TTL_MS),
          createdAt: now,
        });
        await deps.mail.enqueue(tx, [inviteMail(input.email, input.username, input.role, `${ctx.config.publicUrl}/admin/set-password/${token}`)]);
        await deps.audit.record(tx, { admin: actor, action: 'admin.invite', entityType: 'admin', entityId: row!.id, before: null, after: auditView(row!) });
        return toAdminAccount(row!);
      });
      return invited;
    },

    /** Sets an invited admin's password with their unused, unexpired link (taken with a conditional update). */
    async acceptInvite(token: string, password: string): Promise<void> {
      if (!TOKEN_PATTERN.test(token)) throw badRequest(shopOpsMessages.inviteInvalid);
      const passwordHash = await hashPassword(password);
      await ctx.db.transaction(async (tx) => {
        const now = ctx.clock.now();
        const [taken] = await tx
          .update(adminInvites)
          .set({ usedAt: now })
          .where(and(eq(adminInvites.tokenHash, hashToken(token)), isNull(adminInvites.usedAt), gt(adminInvites.expiresAt, now)))
          .returning({ adminId: adminInvites.adminId });
        if (!taken) throw badRequest(shopOpsMessages.inviteInvalid);
        const [updated] = await tx
          .update(admins)
          .set({ passwordHash, tokenVersion: sql`${admins.tokenVersion} + 1` })
          .where(and(eq(admins.id, taken.adminId), isNull(admins.disabledAt)))
          .returning({ id: admins.id });
        if (!updated) throw badRequest(shopOpsMessages.inviteInvalid);
      });
    },

    /** The caller's own password; their other sessions end, this one gets a fresh token. */
    async changePassword(actor: Principal, currentPassword: string, newPassword: string): Promise<{ token: string; expiresAt: Date }> {
      const row = await rowOf(actor.id);
      if (!row.passwordHash || !(await verifyPassword(row.passwordHash, currentPassword))) throw badRequest(shopOpsMessages.wrongPassword);
      const passwordHash = await hashPassword(newPassword);
      const updated = await ctx.db.transaction(async (tx) => {
        const [after] = await tx
          .update(admins)
          .set({ passwordHash, tokenVersion: sql`${admins.tokenVersion} + 1` })
          .where(eq(admins.id, actor.id))
          .returning();
        await deps.audit.record(tx, { admin: actor, action: 'admin.password', entityType: 'admin', entityId: actor.id, before: null, after: null });
        return after!;
      });
      return ctx.tokens.sign({ id: updated.id, username: updated.username, role: 'admin', tokenVersion: updated.tokenVersion });
    },

    disable: (actor: Principal, adminId: string) => setDisabled(actor, adminId, true),
    enable: (actor: Principal, adminId: string) => setDisabled(actor, adminId, false),
  };
}

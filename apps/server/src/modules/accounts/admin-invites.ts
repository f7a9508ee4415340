import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { shopOpsMessages, type AdminAccount, type AdminRole, type InviteAdminRequest } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../db/database.ts';
import type { Principal } from '../../core/auth.ts';
import { DAY } from '../../core/clock.ts';
import { badRequest, conflict } from '../../core/http-errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { AuditService } from '../audit/service.ts';
import { renderMail, type MailService } from '../mail/service.ts';
import { adminEmailKey, adminUsernameKey, auditView, toAdminAccount } from './admin-views.ts';
import { generateToken, hashPassword, hashToken, TOKEN_PATTERN } from './secrets.ts';
import { adminInvites, admins } from './tables.ts';

/** How long an invited admin's set-password link works. */
export const ADMIN_INVITE_TTL_MS = 3 * DAY;

export interface AdminDeps {
  ctx: AppContext;
  mail: MailService;
  audit: AuditService;
}

async function inviteMail(to: string, username: string, role: AdminRole, link: string) {
  const content = await renderMail({
    title: 'You are invited to the Kujiya back office',
    intro: [
      `Hi ${username},`,
      `You have been invited as ${role === 'owner' ? 'an owner' : 'a staff member'} of the Kujiya back office.`,
    ],
    action: { label: 'Set your password', url: link },
    outro: [
      'This link is valid for 3 days and can be used once.',
      'If you did not expect this e-mail, you can ignore it.',
    ],
  });
  return { to, subject: 'Your Kujiya back office invitation', ...content };
}

/** 409 when another admin has the username or the e-mail address (any case; docs/rules/shop-ops.md). */
async function refuseTakenNames(tx: Tx, input: InviteAdminRequest): Promise<void> {
  const [taken] = await tx
    .select({ username: adminUsernameKey, email: adminEmailKey })
    .from(admins)
    .where(or(eq(adminUsernameKey, input.username.toLowerCase()), eq(adminEmailKey, input.email.toLowerCase())))
    .limit(1);
  if (!taken) return;
  throw conflict(
    taken.username === input.username.toLowerCase() ? shopOpsMessages.adminTaken : shopOpsMessages.adminEmailTaken,
  );
}

/** A new admin without a password, and a one-time set-password link sent through the mail queue. */
export async function inviteAdmin(d: AdminDeps, actor: Principal, input: InviteAdminRequest): Promise<AdminAccount> {
  const token = generateToken();
  // Laid out before the transaction: rendering holds no lock.
  const link = `${d.ctx.config.publicUrl}/admin/set-password/${token}`;
  const invitation = await inviteMail(input.email, input.username, input.role, link);
  const invited = await d.ctx.db.transaction(async (tx) => {
    const now = d.ctx.clock.now();
    await refuseTakenNames(tx, input);
    // Two invitations at once both pass that check: the unique indexes decide, the later one is a 409.
    const [row] = await tx
      .insert(admins)
      .values({ username: input.username, email: input.email, role: input.role, passwordHash: null, createdAt: now })
      .returning()
      .catch((error: unknown) => {
        if (isUniqueViolation(error, 'admins_username_lower_idx')) throw conflict(shopOpsMessages.adminTaken);
        if (isUniqueViolation(error, 'admins_email_lower_idx')) throw conflict(shopOpsMessages.adminEmailTaken);
        throw error;
      });
    await tx.insert(adminInvites).values({
      adminId: row!.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + ADMIN_INVITE_TTL_MS),
      createdAt: now,
    });
    await d.mail.enqueue(tx, [invitation]);
    await d.audit.record(tx, {
      admin: actor,
      action: 'admin.invite',
      entityType: 'admin',
      entityId: row!.id,
      before: null,
      after: auditView(row!),
    });
    return toAdminAccount(row!);
  });
  return invited;
}

/** Sets an invited admin's password with their unused, unexpired link (taken with a conditional update). */
export async function acceptInvite(ctx: AppContext, token: string, password: string): Promise<void> {
  if (!TOKEN_PATTERN.test(token)) throw badRequest(shopOpsMessages.inviteInvalid);
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const [taken] = await tx
      .update(adminInvites)
      .set({ usedAt: now })
      .where(
        and(eq(adminInvites.tokenHash, hashToken(token)), isNull(adminInvites.usedAt), gt(adminInvites.expiresAt, now)),
      )
      .returning({ adminId: adminInvites.adminId });
    if (!taken) throw badRequest(shopOpsMessages.inviteInvalid);
    const [updated] = await tx
      .update(admins)
      .set({ passwordHash, tokenVersion: sql`${admins.tokenVersion} + 1` })
      .where(and(eq(admins.id, taken.adminId), isNull(admins.disabledAt)))
      .returning({ id: admins.id });
    if (!updated) throw badRequest(shopOpsMessages.inviteInvalid);
  });
}

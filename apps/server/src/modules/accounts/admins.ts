import { eq, sql } from 'drizzle-orm';
import { accountMessages } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import { HttpError } from '../../core/http-errors.ts';
import { admins } from './tables.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './secrets.ts';

/** Back-office accounts: separate from shoppers, logging in to tokens with role admin. */
export function createAdmins(ctx: AppContext) {
  return {
    /** Creates the admin when no admin has that username yet; an existing one is left as it is. */
    async ensureAdmin(username: string, password: string): Promise<{ created: boolean }> {
      const [existing] = await ctx.db
        .select({ id: admins.id })
        .from(admins)
        .where(eq(sql`lower(${admins.username})`, username.toLowerCase()));
      if (existing) return { created: false };
      const inserted = await ctx.db
        .insert(admins)
        .values({ username, passwordHash: await hashPassword(password), createdAt: ctx.clock.now() })
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

    /** 401 with one text for a wrong username or a wrong password. */
    async login(username: string, password: string): Promise<{ token: string; expiresAt: Date }> {
      const [admin] = await ctx.db
        .select()
        .from(admins)
        .where(eq(sql`lower(${admins.username})`, username.toLowerCase()));
      if (!admin) {
        await burnPasswordCheck(password);
        throw new HttpError(401, accountMessages.invalidLogin);
      }
      if (!(await verifyPassword(admin.passwordHash, password))) throw new HttpError(401, accountMessages.invalidLogin);
      return ctx.tokens.sign({ id: admin.id, username: admin.username, role: 'admin', tokenVersion: admin.tokenVersion });
    },
  };
}
export type Admins = ReturnType<typeof createAdmins>;

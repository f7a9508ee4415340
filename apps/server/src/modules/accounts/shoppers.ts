import { asc, count, eq, gte, ilike, inArray, or, sql } from 'drizzle-orm';
import {
  accountMessages,
  SHOPPERS_PAGE_SIZE,
  type ShopperDetail,
  type ShopperSearchResponse,
  type ShopperSummary,
} from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { notFound } from '../../core/http-errors.ts';
import { toAccount, toSummary, usernameKey, type Account } from './account-views.ts';
import { rowById } from './profile.ts';
import { users } from './tables.ts';

/** Back office: shoppers by username or e-mail (part of either, any case), newest first, paginated. */
async function searchShoppers(ctx: AppContext, q: string, page: number): Promise<ShopperSearchResponse> {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = q ? or(ilike(users.username, pattern), ilike(users.email, pattern)) : undefined;
  const [total] = await ctx.db.select({ n: count() }).from(users).where(where);
  const rows = await ctx.db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(usernameKey))
    .limit(SHOPPERS_PAGE_SIZE)
    .offset((page - 1) * SHOPPERS_PAGE_SIZE);
  const n = total?.n ?? 0;
  return {
    shoppers: rows.map(toSummary),
    page,
    total: n,
    totalPages: Math.max(1, Math.ceil(n / SHOPPERS_PAGE_SIZE)),
  };
}

/**
 * Disables or enables a shopper inside the caller's transaction. Disabling raises the token version,
 * so every session ends at once; login is refused while disabled. Nothing the shopper owns changes.
 */
async function setShopperDisabled(
  ctx: AppContext,
  tx: Tx,
  id: string,
  disabled: boolean,
): Promise<{ before: ShopperSummary; after: ShopperSummary }> {
  const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!before) throw notFound(accountMessages.userNotFound);
  if ((before.disabledAt !== null) === disabled) return { before: toSummary(before), after: toSummary(before) };
  const now = ctx.clock.now();
  const [after] = await tx
    .update(users)
    .set(
      disabled
        ? { disabledAt: now, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now }
        : { disabledAt: null, updatedAt: now },
    )
    .where(eq(users.id, id))
    .returning();
  return { before: toSummary(before), after: toSummary(after!) };
}

/** Accounts as other modules and the back office read them (docs/rules/shop-ops.md). */
export function createShoppers(ctx: AppContext) {
  return {
    /** The account of a token's principal, or null. */
    async getAccount(exec: Executor, id: string): Promise<Account | null> {
      const row = await rowById(exec, id);
      return row ? toAccount(row) : null;
    },
    /** Several accounts by id (e.g. trade listings showing creators, e-mail copies of notifications); unknown ids are left out. */
    async getAccounts(exec: Executor, ids: string[]): Promise<Map<string, Account>> {
      if (ids.length === 0) return new Map();
      const rows = await exec
        .select()
        .from(users)
        .where(inArray(users.id, [...new Set(ids)]));
      return new Map(rows.map((row) => [row.id, toAccount(row)]));
    },
    /** By username (any case) or e-mail, e.g. the admin inventory lookup. */
    async findAccount(usernameOrEmail: string): Promise<Account | null> {
      const key = usernameOrEmail.trim().toLowerCase();
      const [row] = await ctx.db
        .select()
        .from(users)
        .where(or(eq(usernameKey, key), eq(users.email, key)));
      return row ? toAccount(row) : null;
    },
    /** Shoppers who signed up since `from` (back office dashboard). */
    async countNewUsers(from: Date): Promise<number> {
      const [row] = await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(gte(users.createdAt, from));
      return Number(row?.n ?? 0);
    },
    /** Back office: shoppers by username or e-mail (part of either, any case), newest first, paginated. */
    searchShoppers: (q: string, page: number) => searchShoppers(ctx, q, page),
    /** Back office: a shopper's profile (404 when unknown). */
    async shopperProfile(id: string): Promise<ShopperDetail['profile']> {
      const row = await rowById(ctx.db, id);
      if (!row) throw notFound(accountMessages.userNotFound);
      const { phoneNumber, fullName, country, postalCode, unitNumber, fullAddress } = row;
      return { ...toSummary(row), phoneNumber, fullName, country, postalCode, unitNumber, fullAddress };
    },
    /**
     * Disables or enables a shopper inside the caller's transaction. Disabling raises the token version,
     * so every session ends at once; login is refused while disabled. Nothing the shopper owns changes.
     */
    setShopperDisabled: (tx: Tx, id: string, disabled: boolean) => setShopperDisabled(ctx, tx, id, disabled),
  };
}

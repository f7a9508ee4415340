import { and, asc, desc, eq, gt, inArray, lte, sql, sum } from 'drizzle-orm';
import { TOKEN_LOT_LIFETIME_MONTHS, shopOpsMessages } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { HttpError, badRequest } from '../../core/http-errors.ts';
import type { LiveService } from '../live/service.ts';
import { tokenLedger, tokenLots, type TokenLotSource } from './tables.ts';

/** Adds calendar months in UTC, clamping to the month's last day (31 Aug + 6 months = 28/29 Feb). */
export function addMonthsUtc(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

export interface TokenLot {
  id: string;
  userId: string;
  amount: number;
  amountLeft: number;
  expiresAt: Date;
  source: TokenLotSource;
  reference: string;
  createdAt: Date;
}

/** The message of a spend the balance cannot cover (the web's 'Not enough tokens' popup reacts to it). */
export const NOT_ENOUGH_TOKENS = 'Not enough tokens';

/**
 * The token wallet (docs/rules/tokens.md). Other modules spend and refund tokens only through it, inside their
 * own transaction (`credit` and `spend` take the caller's `tx`).
 */
export function createWalletService(ctx: AppContext, deps: { live?: LiveService } = {}) {
  const assertWholePositive = (amount: number, what: string) => {
    if (!Number.isSafeInteger(amount) || amount <= 0) throw badRequest(`${what} must be a positive whole number of tokens`);
  };

  return {
    /** Adds a new lot expiring 6 months from now, and its ledger row. Returns the lot. */
    async credit(tx: Tx, input: { userId: string; amount: number; source: TokenLotSource; reference: string }): Promise<TokenLot> {
      assertWholePositive(input.amount, 'A credit');
      const now = ctx.clock.now();
      const [lot] = await tx
        .insert(tokenLots)
        .values({
          userId: input.userId,
          amount: input.amount,
          amountLeft: input.amount,
          expiresAt: addMonthsUtc(now, TOKEN_LOT_LIFETIME_MONTHS),
          source: input.source,
          reference: input.reference,
          createdAt: now,
        })
        .returning();
      await tx.insert(tokenLedger).values({
        userId: input.userId,
        delta: input.amount,
        reason: input.source,
        lotId: lot!.id,
        reference: input.reference,
        createdAt: now,
      });
      // The shopper's open sockets refresh the balance once this is committed.
      deps.live?.userChanged(tx, [input.userId], 'balance');
      return lot!;
    },

    /**
     * Takes `amount` tokens from the user's unexpired lots, earliest expiry first. The lots are
     * locked (FOR UPDATE) so concurrent spends queue up and each sees what the other left.
     * Throws a 400 'Not enough tokens' (with `tokensNeeded`) when the balance is short; nothing changes then.
     */
    async spend(
      tx: Tx,
      input: { userId: string; amount: number; reference: string; reason?: 'spend' | 'adjustment' },
    ): Promise<{ spent: number; lots: { lotId: string; amount: number }[] }> {
      assertWholePositive(input.amount, 'A spend');
      const now = ctx.clock.now().toISOString();
      // One statement: lock the user's unexpired lots, take from the earliest expiry first, lower
      // them and write one ledger row per lot taken from. When the balance is short nothing is
      // written and only the available total comes back.
      const result = (await tx.execute(sql`
        with locked as (
          select id, amount_left, expires_at, created_at from ${tokenLots}
          where user_id = ${input.userId} and expires_at > ${now}::timestamptz and amount_left > 0
          for update
        ),
        total as (select coalesce(sum(amount_left), 0)::int as available from locked),
        ordered as (
          select id, amount_left,
                 coalesce(sum(amount_left) over (order by expires_at, created_at, id rows between unbounded preceding and 1 preceding), 0) as before
          from locked
        ),
        takes as (
          select id, least(amount_left, ${input.amount} - before)::int as take, expires_at_order
          from (select o.*, row_number() over (order by l.expires_at, l.created_at, l.id) as expires_at_order from ordered o join locked l using (id)) x
          where before < ${input.amount} and (select available from total) >= ${input.amount}
        ),
        lowered as (
          update ${tokenLots} t set amount_left = t.amount_left - takes.take from takes where t.id = takes.id
          returning t.id, takes.take, takes.expires_at_order
        ),
        ledger as (
          insert into ${tokenLedger} (user_id, delta, reason, lot_id, reference, created_at)
          select ${input.userId}::uuid, -take, ${input.reason ?? 'spend'}, id, ${input.reference}, ${now}::timestamptz from lowered order by expires_at_order
          returning lot_id
        )
        select (select available from total) as available,
               coalesce((select json_agg(json_build_object('lotId', id, 'amount', take) order by expires_at_order) from lowered), '[]'::json) as taken,
               (select count(*) from ledger)::int as ledger_rows`)) as unknown as {
        rows: { available: number; taken: { lotId: string; amount: number }[] | string; ledger_rows: number }[];
      };
      const row = result.rows[0]!;
      const available = Number(row.available);
      if (available < input.amount) {
        throw badRequest(NOT_ENOUGH_TOKENS, { tokensNeeded: input.amount - available, totalTokens: available });
      }
      const taken = (typeof row.taken === 'string' ? JSON.parse(row.taken) : row.taken) as { lotId: string; amount: number }[];
      deps.live?.userChanged(tx, [input.userId], 'balance');
      return { spent: input.amount, lots: taken };
    },

    /**
     * A refunded purchase: every lot it credited (`reference`, purchase and bonus) loses what is left
     * of it, with a `revoked` ledger row each. Tokens already spent stay spent (their draws are final);
     * the answer says how many were taken back and how many had been spent.
     */
    async revokeLots(tx: Tx, input: { userId: string; reference: string }): Promise<{ revoked: number; alreadySpent: number }> {
      const now = ctx.clock.now();
      const lots = await tx
        .select()
        .from(tokenLots)
        .where(and(eq(tokenLots.userId, input.userId), eq(tokenLots.reference, input.reference), inArray(tokenLots.source, ['purchase', 'bonus'])))
        .orderBy(asc(tokenLots.createdAt), asc(tokenLots.id))
        .for('update');
      let revoked = 0;
      let alreadySpent = 0;
      for (const lot of lots) {
        alreadySpent += lot.amount - lot.amountLeft;
        if (lot.amountLeft === 0) continue;
        await tx.update(tokenLots).set({ amountLeft: 0 }).where(eq(tokenLots.id, lot.id));
        await tx.insert(tokenLedger).values({
          userId: input.userId,
          delta: -lot.amountLeft,
          reason: 'revoked',
          lotId: lot.id,
          reference: input.reference,
          createdAt: now,
        });
        revoked += lot.amountLeft;
      }
      return { revoked, alreadySpent };
    },

    /**
     * An admin's correction (docs/rules/shop-ops.md): +n is a new lot, -n is taken from the lots like a
     * spend. A balance never goes below zero: a larger take is refused and nothing changes.
     */
    async adjust(tx: Tx, input: { userId: string; delta: number; reference: string }): Promise<void> {
      if (input.delta > 0) {
        await this.credit(tx, { userId: input.userId, amount: input.delta, source: 'adjustment', reference: input.reference });
        return;
      }
      try {
        await this.spend(tx, { userId: input.userId, amount: -input.delta, reference: input.reference, reason: 'adjustment' });
      } catch (error) {
        if (error instanceof HttpError && error.message === NOT_ENOUGH_TOKENS) throw badRequest(shopOpsMessages.adjustBelowZero);
        throw error;
      }
    },

    /** Sum of amountLeft over the user's unexpired lots. */
    async balance(userId: string, now: Date = ctx.clock.now(), exec: Executor = ctx.db): Promise<number> {
      const [row] = await exec
        .select({ total: sum(tokenLots.amountLeft) })
        .from(tokenLots)
        .where(and(eq(tokenLots.userId, userId), gt(tokenLots.expiresAt, now)));
      return Number(row?.total ?? 0);
    },

    /** The balance rebuilt from the ledger alone: the deltas of every row whose lot has not expired. */
    async ledgerBalance(userId: string, now: Date = ctx.clock.now(), exec: Executor = ctx.db): Promise<number> {
      const [row] = await exec
        .select({ total: sum(tokenLedger.delta) })
        .from(tokenLedger)
        .innerJoin(tokenLots, eq(tokenLots.id, tokenLedger.lotId))
        .where(and(eq(tokenLedger.userId, userId), gt(tokenLots.expiresAt, now)));
      return Number(row?.total ?? 0);
    },

    /** The user's lots: active (unexpired, tokens left; soonest expiry first) and expired (latest first). */
    async lots(userId: string, now: Date = ctx.clock.now(), exec: Executor = ctx.db): Promise<{ active: TokenLot[]; expired: TokenLot[] }> {
      const active = await exec
        .select()
        .from(tokenLots)
        .where(and(eq(tokenLots.userId, userId), gt(tokenLots.expiresAt, now), gt(tokenLots.amountLeft, 0)))
        .orderBy(asc(tokenLots.expiresAt), asc(tokenLots.createdAt));
      const expired = await exec
        .select()
        .from(tokenLots)
        .where(and(eq(tokenLots.userId, userId), lte(tokenLots.expiresAt, now), gt(tokenLots.amountLeft, 0)))
        .orderBy(desc(tokenLots.expiresAt), desc(tokenLots.createdAt));
      return { active, expired };
    },

    /** Ledger rows of a user, oldest first (audits and tests). */
    async ledger(userId: string, exec: Executor = ctx.db) {
      return exec.select().from(tokenLedger).where(eq(tokenLedger.userId, userId)).orderBy(asc(tokenLedger.id));
    },
  };
}
export type WalletService = ReturnType<typeof createWalletService>;

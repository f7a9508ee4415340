import { and, asc, desc, eq, gt, inArray, lte, sql, sum } from 'drizzle-orm';
import { TOKEN_LOT_LIFETIME_MONTHS, shopOpsMessages } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { HttpError, badRequest } from '../../core/http-errors.ts';
import type { LiveService } from '../live/service.ts';
import { tokenLedger, tokenLots, type TokenLotSource } from './tables.ts';
import { jsonRows } from '../../core/json-rows.ts';

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

export interface SpendInput {
  userId: string;
  amount: number;
  reference: string;
}

/** One user's spend of a batch: `ok` false (nothing taken) when the balance was short. */
export interface SpendResult {
  userId: string;
  ok: boolean;
  /** The unexpired balance before the spend. */
  available: number;
  lots: { lotId: string; amount: number }[];
}

/**
 * The token wallet (docs/rules/tokens.md). Other modules spend and refund tokens only through it, inside their
 * own transaction (`credit` and `spend` take the caller's `tx`).
 */
export function createWalletService(ctx: AppContext, deps: { live?: LiveService } = {}) {
  const assertWholePositive = (amount: number, what: string) => {
    if (!Number.isSafeInteger(amount) || amount <= 0) throw badRequest(`${what} must be a positive whole number of tokens`);
  };

  /** One statement for every spend: lock the users' unexpired lots (in one order, so batches never deadlock), take from each user's earliest expiry first, lower the lots and write one ledger row per lot taken from. */
  async function spendEach(tx: Tx, spends: ReadonlyArray<SpendInput>, reason: 'spend' | 'adjustment' = 'spend'): Promise<SpendResult[]> {
    if (spends.length === 0) return [];
    for (const spend of spends) assertWholePositive(spend.amount, 'A spend');
    if (new Set(spends.map((s) => s.userId)).size !== spends.length) throw new Error('spendEach: one spend per user');
    const now = ctx.clock.now().toISOString();
    const wanted = jsonRows(spends.map((s, i) => ({ user_id: s.userId, amount: s.amount, reference: s.reference, ord: i })));
    const result = (await tx.execute(sql`
      with wanted as (select * from json_to_recordset(${wanted}) as w(user_id uuid, amount int, reference text, ord int)),
      locked as (
        select l.id, l.user_id, l.amount_left, l.expires_at, l.created_at from ${tokenLots} l
        where l.user_id in (select user_id from wanted) and l.expires_at > ${now}::timestamptz and l.amount_left > 0
        order by l.id
        for update
      ),
      total as (
        select w.user_id, coalesce(sum(l.amount_left), 0)::int as available
        from wanted w left join locked l on l.user_id = w.user_id group by w.user_id
      ),
      ordered as (
        select id, user_id, amount_left,
               coalesce(sum(amount_left) over (partition by user_id order by expires_at, created_at, id rows between unbounded preceding and 1 preceding), 0) as before,
               row_number() over (partition by user_id order by expires_at, created_at, id) as lot_order
        from locked
      ),
      takes as (
        select o.id, o.user_id, o.lot_order, least(o.amount_left, w.amount - o.before)::int as take
        from ordered o join wanted w on w.user_id = o.user_id join total t on t.user_id = o.user_id
        where o.before < w.amount and t.available >= w.amount
      ),
      lowered as (
        update ${tokenLots} t set amount_left = t.amount_left - takes.take from takes where t.id = takes.id
        returning t.id, takes.user_id, takes.take, takes.lot_order
      ),
      ledger as (
        insert into ${tokenLedger} (user_id, delta, reason, lot_id, reference, created_at)
        select l.user_id, -l.take, ${reason}, l.id, w.reference, ${now}::timestamptz
        from lowered l join wanted w on w.user_id = l.user_id order by w.ord, l.lot_order
        returning lot_id
      )
      select w.ord, t.available,
             coalesce((select json_agg(json_build_object('lotId', l.id, 'amount', l.take) order by l.lot_order) from lowered l where l.user_id = w.user_id), '[]'::json) as taken,
             (select count(*) from ledger)::int as ledger_rows
      from wanted w join total t on t.user_id = w.user_id order by w.ord`)) as unknown as {
      rows: { ord: number; available: number; taken: { lotId: string; amount: number }[] | string; ledger_rows: number }[];
    };
    const spent: string[] = [];
    const answers = result.rows.map((row, i) => {
      const spend = spends[i]!;
      const available = Number(row.available);
      const lots = (typeof row.taken === 'string' ? JSON.parse(row.taken) : row.taken) as { lotId: string; amount: number }[];
      const ok = available >= spend.amount;
      if (ok) spent.push(spend.userId);
      return { userId: spend.userId, ok, available, lots };
    });
    if (spent.length > 0) deps.live?.userChanged(tx, spent, 'balance');
    return answers;
  }

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
      const [result] = await spendEach(tx, [input], input.reason);
      if (!result!.ok) {
        throw badRequest(NOT_ENOUGH_TOKENS, { tokensNeeded: input.amount - result!.available, totalTokens: result!.available });
      }
      return { spent: input.amount, lots: result!.lots };
    },

    /**
     * Several users' spends in one statement (a batch of purchases, docs/performance.md), each as
     * `spend` would make it. A user whose balance is short is left untouched and answered with
     * `ok: false` and what they have; the others are spent. At most one spend per user.
     */
    spendEach: (tx: Tx, spends: ReadonlyArray<SpendInput>) => spendEach(tx, spends),
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
    /** The user's ledger rows caused by one thing (an order id, a payment id ...), oldest first. */
    async ledgerOfReference(userId: string, reference: string, exec: Executor = ctx.db) {
      return exec
        .select({ delta: tokenLedger.delta, reason: tokenLedger.reason, createdAt: tokenLedger.createdAt })
        .from(tokenLedger)
        .where(and(eq(tokenLedger.userId, userId), eq(tokenLedger.reference, reference)))
        .orderBy(asc(tokenLedger.id));
    },

    async ledger(userId: string, exec: Executor = ctx.db) {
      return exec.select().from(tokenLedger).where(eq(tokenLedger.userId, userId)).orderBy(asc(tokenLedger.id));
    },
  };
}
export type WalletService = ReturnType<typeof createWalletService>;

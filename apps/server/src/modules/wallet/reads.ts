import { and, asc, desc, eq, gt, lte, sum } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { tokenLedger, tokenLots } from './tables.ts';
import type { TokenLot } from './types.ts';

/** Sum of amountLeft over the user's unexpired lots. */
export async function balance(exec: Executor, userId: string, now: Date): Promise<number> {
  const [row] = await exec
    .select({ total: sum(tokenLots.amountLeft) })
    .from(tokenLots)
    .where(and(eq(tokenLots.userId, userId), gt(tokenLots.expiresAt, now)));
  return Number(row?.total ?? 0);
}

/** The balance rebuilt from the ledger alone: the deltas of every row whose lot has not expired. */
export async function ledgerBalance(exec: Executor, userId: string, now: Date): Promise<number> {
  const [row] = await exec
    .select({ total: sum(tokenLedger.delta) })
    .from(tokenLedger)
    .innerJoin(tokenLots, eq(tokenLots.id, tokenLedger.lotId))
    .where(and(eq(tokenLedger.userId, userId), gt(tokenLots.expiresAt, now)));
  return Number(row?.total ?? 0);
}

/** The user's lots: active (unexpired, tokens left; soonest expiry first) and expired (latest first). */
export async function lotsOf(
  exec: Executor,
  userId: string,
  now: Date,
): Promise<{ active: TokenLot[]; expired: TokenLot[] }> {
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
}

/** The user's ledger rows caused by one thing (an order id, a payment id ...), oldest first. */
export async function ledgerOfReference(exec: Executor, userId: string, reference: string) {
  return exec
    .select({ delta: tokenLedger.delta, reason: tokenLedger.reason, createdAt: tokenLedger.createdAt })
    .from(tokenLedger)
    .where(and(eq(tokenLedger.userId, userId), eq(tokenLedger.reference, reference)))
    .orderBy(asc(tokenLedger.id));
}

/** Ledger rows of a user, oldest first (audits and tests). */
export async function ledgerOf(exec: Executor, userId: string) {
  return exec.select().from(tokenLedger).where(eq(tokenLedger.userId, userId)).orderBy(asc(tokenLedger.id));
}

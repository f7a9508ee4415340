import type { Principal } from '../../core/auth.ts';
import { badRequest } from '../../core/http-errors.ts';
import type { IdempotencyClaim } from '../../core/idempotency-scope.ts';
import type { Tx } from '../../db/database.ts';
import { startNow } from '../../db/round-trips.ts';
import { maximumQuantity, tokenCost } from '@kujiya/shared';
import type { SpendResult } from '../wallet/service.ts';
import { quoteOrThrow, type NewOrder, type OrdersEnv } from './env.ts';
import type { RoundContext } from './settle.ts';

// The token purchases of a batch, quoted in arrival order and spent (token-purchase.ts runs the batch).

/** One token purchase waiting for its round's batch. */
export interface TokenPurchase {
  user: Principal;
  orderId: string;
  clientSeed: string;
  ticketsBought: number | undefined;
  buyOut: boolean;
  /** The request's Idempotency-Key claim: marked by the batch's transaction if this purchase is carried out. */
  claim: IdempotencyClaim | undefined;
}
export type Entry = { i: number; item: TokenPurchase };
export type PlannedPurchase = Entry & { paid: number; received: number; buyOut: boolean; cost: number };
export type LockedRound = { round: RoundContext['round']; left: number };

/** A purchase's check against the set's limits (drop-rules.ts): throws to refuse it. */
export type LimitCheck = (item: TokenPurchase, paid: number) => void;

/** Quotes purchases in arrival order against what is left: the ones that fit, and why each other one does not. */
export function quoteInOrder(rc: RoundContext, left: number, entries: readonly Entry[], limits?: LimitCheck) {
  const fits: PlannedPurchase[] = [];
  const refusals = new Map<number, unknown>();
  for (const { i, item } of entries) {
    try {
      const paid = item.buyOut ? maximumQuantity(left, rc.promotion) : item.ticketsBought!;
      const quote = quoteOrThrow(rc, left, paid);
      limits?.(item, paid);
      fits.push({
        i,
        item,
        paid,
        received: quote.receivedTickets,
        buyOut: quote.buyOut,
        cost: tokenCost(rc.product.tokenPrice, paid),
      });
      left -= quote.receivedTickets;
    } catch (error) {
      refusals.set(i, error);
    }
  }
  return { fits, refusals };
}

export const orderOf = (p: PlannedPurchase, rc: RoundContext): NewOrder => ({
  id: p.item.orderId,
  user: p.item.user,
  rc,
  method: 'token',
  paid: p.paid,
  received: p.received,
  totalCost: p.cost,
  paymentIntentId: 'TOKEN',
  clientSeed: p.item.clientSeed,
  buyOut: p.buyOut,
  status: 'paid',
});

/** Purchases whose buyers' balances fell short: the batch runs again without them (`runTokenBatch`). */
export class ShortOfTokens extends Error {
  constructor(readonly refusals: ReadonlyMap<number, unknown>) {
    super('a purchase batch met a short balance');
  }
}

/**
 * Quotes against what is left in arrival order and sends the spends (token lots, after the round)
 * without waiting: on a pipelined connection their answer comes back with the draw's, one round trip
 * under the lock instead of two. A buyer whose balance falls short is left unspent by the statement;
 * `assertSpent` finds it before the commit, and the batch runs again without that purchase (whose
 * tickets then go to the next ones in arrival order).
 */
export function quoteAndSpend(
  tx: Tx,
  env: OrdersEnv,
  rc: RoundContext,
  left: number,
  entries: readonly Entry[],
  refuse: (i: number, e: unknown) => void,
  limits: LimitCheck,
) {
  const { fits, refusals } = quoteInOrder(rc, left, entries, limits);
  for (const [i, error] of refusals) refuse(i, error);
  const spent = startNow(
    env.deps.wallet.spendEach(
      tx,
      fits.map((p) => ({ userId: p.item.user.id, amount: p.cost, reference: p.item.orderId })),
    ),
  );
  spent.catch(() => {});
  return { accepted: fits, spent };
}

/** Throws `ShortOfTokens` naming each accepted purchase its buyer could not pay for. */
export async function assertSpent(spent: Promise<SpendResult[]>, accepted: readonly PlannedPurchase[]): Promise<void> {
  const spends = await spent;
  const short = new Map<number, unknown>();
  accepted.forEach((p, k) => {
    const spend = spends[k]!;
    if (spend.ok) return;
    const tokensNeeded = p.cost - spend.available;
    short.set(
      p.i,
      badRequest(`Not enough tokens: this purchase costs ${p.cost} tokens, you need ${tokensNeeded} more.`, {
        tokensNeeded,
        totalTokens: spend.available,
      }),
    );
  });
  if (short.size > 0) throw new ShortOfTokens(short);
}

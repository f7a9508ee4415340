import crypto from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { HOLD_MESSAGE, type TokenUseRequest, type TokenUseResponse } from '@kujiya/shared';
import type { Principal } from '../../core/auth.ts';
import type { Tx } from '../../db/database.ts';
import { withTxRetry } from '../../db/errors.ts';
import { badRequest, locked } from '../../core/http-errors.ts';
import { createKeyedBatches, type Outcome } from '../../core/keyed-batches.ts';
import { currentClaim, runCarryingClaims, type IdempotencyClaim } from '../../core/idempotency-scope.ts';
import { orders } from './tables.ts';
import { TOKEN_BATCH_MAX } from './constants.ts';
import { assertOwnUsername, defaultClientSeed, insertOrderRows, newOrderRows, type OrdersEnv } from './env.ts';
import type { OrderRow, ProductPrizes, RoundContext } from './settle.ts';
import {
  assertSpent,
  orderOf,
  quoteAndSpend,
  quoteInOrder,
  ShortOfTokens,
  type Entry,
  type LimitCheck,
  type LockedRound,
  type PlannedPurchase,
  type TokenPurchase,
} from './token-quotes.ts';
import {
  admissionRefusals,
  assertSalesOpen,
  countingRefusals,
  assertWithinLimits,
  needsHistory,
  shopperHistories,
} from './drop-rules.ts';
import { isPipelined, writeBehind } from '../../db/round-trips.ts';
import type { SpendResult } from '../wallet/service.ts';

/** The rows written before the lock stand where the purchase came out the same; the others go. */
async function keepOrReplace(
  tx: Tx,
  env: OrdersEnv,
  rc: RoundContext,
  written: OrderRow[],
  accepted: PlannedPurchase[],
): Promise<OrderRow[]> {
  const writtenById = new Map(written.map((row) => [row.id, row]));
  const kept = new Map<string, OrderRow>();
  for (const p of accepted) {
    const row = writtenById.get(p.item.orderId);
    const same =
      row &&
      row.paidTickets === p.paid &&
      row.numberOfTickets === p.received &&
      row.buyOut === p.buyOut &&
      row.totalCost === p.cost;
    if (same) kept.set(row.id, row);
  }
  const stale = written.filter((row) => !kept.has(row.id)).map((row) => row.id);
  // Both written behind (db/round-trips.ts): nothing reads these rows before the draw's own writes.
  if (stale.length > 0) await writeBehind(tx, () => tx.delete(orders).where(inArray(orders.id, stale)));
  if (accepted.length === 0) return [];
  const added = newOrderRows(
    env,
    accepted.filter((p) => !kept.has(p.item.orderId)).map((p) => orderOf(p, rc)),
  );
  await writeBehind(tx, () => insertOrderRows(tx, added));
  const rowById = new Map([...kept, ...added.map((row) => [row.id, row] as const)]);
  return accepted.map((p) => rowById.get(p.item.orderId)!);
}

/** Decides the accepted purchases' prizes (a Challenge one order after the other) and queues the live banners. */
async function decideAccepted(
  tx: Tx,
  env: OrdersEnv,
  rc: RoundContext,
  rows: OrderRow[],
  accepted: PlannedPurchase[],
  lockedRound: LockedRound,
  prizes: ProductPrizes,
) {
  const { settlement } = env;
  let decided: OrderRow[];
  if (rc.promotion?.type === 'CHALLENGE' && !rc.product.lotteryEnabled) {
    decided = [];
    for (const [k, row] of rows.entries())
      decided.push(await settlement.decide(tx, row, rc, accepted[k]!.received, undefined, lockedRound));
  } else {
    const items = rows.map((order, k) => ({ order, count: accepted[k]!.received }));
    decided = await settlement.decideOrders(tx, items, rc, lockedRound, prizes);
  }
  // The live banners go out once this transaction has committed.
  env.deps.live?.purchasesPaid(
    tx,
    decided.map((order) => ({ buyerId: order.userId, productName: rc.product.name })),
  );
  return decided;
}

/** The round and its prizes as a batch first sees them: a view to quote from, checked again under the lock. */
type RoundLook = { seen: RoundContext; prizes: ProductPrizes };

/**
 * Reads the round and its prizes now, on the main pool (named statements) and beside the admission
 * check: the batch's transaction then starts with its lock instead of a read of its own.
 */
function lookAtRound(env: OrdersEnv, setId: string): Promise<RoundLook> {
  const { catalogue } = env.deps;
  const seeing = catalogue.getProductOfRound(env.ctx.db, setId);
  const prizing = catalogue.prizesOfRound(env.ctx.db, setId);
  const looked = Promise.all([seeing, prizing]).then(([seen, prizes]) => ({ seen, prizes }));
  looked.catch(() => {});
  return looked;
}

/**
 * One attempt of a batch, in one transaction. Lock order (docs/architecture.md): the new order rows
 * (fresh ids nobody else can wait on) → round → token lots → inventory units.
 */
async function batchTransaction(
  tx: Tx,
  env: OrdersEnv,
  setId: string,
  looked: Promise<RoundLook>,
  entries: readonly Entry[],
  outcomes: Outcome<TokenUseResponse>[],
  carry: (claims: IdempotencyClaim[]) => void,
) {
  const { catalogue } = env.deps;
  const refuse = (i: number, error: unknown) => (outcomes[i] = { ok: false, error });
  // Before the lock: the round as it looked (read beside the admission check), then the orders it would make.
  const { seen, prizes } = await looked;
  const looksOpen =
    seen.round.status === 'open' && catalogue.holdSecondsLeft(seen.round) === 0 && !opensLater(env, seen.round);
  // The round's counter alone (reservations are counted under the lock): a row for a purchase that
  // turns out not to fit is deleted there, rare enough to cost less than a read here.
  const written = looksOpen
    ? newOrderRows(
        env,
        quoteInOrder(seen, seen.round.totalTickets - seen.round.nextNonce, entries).fits.map((p) => orderOf(p, seen)),
      )
    : [];
  // Written behind (db/round-trips.ts): on a pipelined connection the insert goes out with the
  // lock's statement and runs before it, so it is neither a round trip of its own nor under the lock.
  await writeBehind(tx, () => insertOrderRows(tx, written));
  const locking = catalogue.lockProductOfRound(tx, setId);
  // On a pipelined connection the reads under the lock go right behind its statement (which has
  // been sent): PostgreSQL runs them once the lock is granted, and they come back with it.
  const ahead = looksOpen && isPipelined(tx) ? readsUnderLock(tx, env, seen, entries) : undefined;
  const rc = await locking;
  const holdTimeLeft = catalogue.holdSecondsLeft(rc.round);
  const lockedRound: LockedRound = { round: rc.round, left: 0 };
  let accepted: PlannedPurchase[] = [];
  let spent: Promise<SpendResult[]> = Promise.resolve([]);
  const closed = refusalBeforeOpening(env, rc.round);
  if (closed) entries.forEach(({ i }) => refuse(i, closed));
  else if (holdTimeLeft > 0) entries.forEach(({ i }) => refuse(i, locked(HOLD_MESSAGE, { holdTimeLeft })));
  else {
    const reads = ahead && needsHistory(seen) === needsHistory(rc) ? ahead : readsUnderLock(tx, env, rc, entries);
    lockedRound.left = (await reads.availability.of([rc.round])).get(rc.round.id)!.left;
    const histories = await reads.histories;
    const limits: LimitCheck = (item, paid) => assertWithinLimits(env, rc, histories.get(item.user.id), paid);
    ({ accepted, spent } = quoteAndSpend(tx, env, rc, lockedRound.left, entries, refuse, limits));
  }
  // Reads sent ahead and not used (the round turned out closed, or held) have still run in this transaction.
  if (ahead) await ahead.histories;
  const rows = await keepOrReplace(tx, env, rc, written, accepted);
  if (rows.length === 0) return;
  const decided = await decideAccepted(tx, env, rc, rows, accepted, lockedRound, prizes);
  // Answered with the draw's read: a short balance rolls this attempt back (runTokenBatch).
  await assertSpent(spent, accepted);
  decided.forEach((order, k) => {
    outcomes[accepted[k]!.i] = { ok: true, value: { orderId: order.id, totalTicketsBought: order.numberOfTickets } };
  });
  // Counted once this attempt commits (a retried or failed batch counts nothing).
  env.ctx.metrics.ticketsSold(tx, 'token', sum(decided.map((order) => order.numberOfTickets)));
  env.ctx.metrics.tokensSpent(tx, sum(accepted.map((p) => p.cost)));
  // Only the purchases carried out mark their claims, each with its answer; a refused one's key stays free.
  carry(accepted.flatMap(({ i, item }) => (item.claim ? [{ ...item.claim, answer: answerOf(outcomes[i]!) }] : [])));
}

/**
 * What a batch reads under the round lock: what is left, and the shoppers' counted orders (docs/rules/drops.md,
 * "Limits"). Sent at once; `rc` gives the round and product ids and whether the set has limits.
 */
function readsUnderLock(tx: Tx, env: OrdersEnv, rc: RoundContext, entries: readonly Entry[]) {
  const availability = env.deps.stock.availabilityAhead(tx, [rc.round.id]);
  const histories = shopperHistories(
    tx,
    env,
    rc,
    entries.map(({ item }) => item.user.id),
    { except: entries.map(({ item }) => item.orderId) },
  );
  histories.catch(() => {});
  return { availability, histories };
}

/** A carried-out purchase's answer as POST /api/token/use sends it (tokenUseResponseSchema's field order). */
function answerOf(outcome: Outcome<TokenUseResponse>) {
  if (!outcome.ok) return undefined;
  const { orderId, totalTicketsBought } = outcome.value;
  return { status: 200, body: JSON.stringify({ orderId, totalTicketsBought }) };
}

const sum = (values: readonly number[]) => values.reduce((total, n) => total + n, 0);

/** The refusal of every purchase before the round's opening, or null once it is open. */
function refusalBeforeOpening(env: OrdersEnv, round: RoundContext['round']): unknown {
  try {
    assertSalesOpen(env, round);
    return null;
  } catch (error) {
    return error;
  }
}
const opensLater = (env: OrdersEnv, round: RoundContext['round']) => refusalBeforeOpening(env, round) !== null;

/**
 * A round's token purchases that arrived together, in one transaction under one round lock
 * (group commit, docs/performance.md). Each purchase is answered as if it ran alone in arrival
 * order (docs/rules/buying.md): a hold refuses it (423), then what is left decides its size and
 * whether it fits, then its buyer's balance; a refused purchase changes nothing and the next ones
 * see the tickets it did not take. One statement per table for the rest: the spends, the orders,
 * the draws, the inventory and the notices.
 *
 * The lock is held for as little as possible: before it, the order rows are written as the round
 * looks without the lock (and the product's prizes read); under it, the purchases are quoted again
 * from what is really left, and a row whose purchase turned out different or refused is replaced
 * or deleted (usually none is, except near a sell-out). A deadlock victim runs again (withTxRetry).
 * The transaction marks the Idempotency-Key claims of the purchases it carried out, and no others.
 */
async function runTokenBatch(
  env: OrdersEnv,
  setId: string,
  items: TokenPurchase[],
  looked: Promise<RoundLook> = lookAtRound(env, setId),
): Promise<Outcome<TokenUseResponse>[]> {
  let entries: Entry[] = items.map((item, i) => ({ item, i }));
  // Refused for a short balance by an earlier attempt: final, and left out of the next one.
  const short = new Map<number, unknown>();
  const undecided = (): Outcome<TokenUseResponse>[] =>
    items.map((_, i) =>
      short.has(i) ? { ok: false, error: short.get(i) } : { ok: false, error: new Error('purchase not decided') },
    );
  let outcomes = undecided();
  try {
    await runCarryingClaims(async (carry) => {
      while (entries.length > 0) {
        try {
          return await withTxRetry(env.ctx.database.lockDb, (tx) => {
            outcomes = undecided();
            carry([]);
            return batchTransaction(tx, env, setId, looked, entries, outcomes, carry);
          });
        } catch (error) {
          if (!(error instanceof ShortOfTokens)) throw error;
          for (const [i, refusal] of error.refusals) short.set(i, refusal);
          entries = entries.filter((entry) => !short.has(entry.i));
          outcomes = undecided();
        }
      }
    });
  } catch (error) {
    if (items.length === 1) return [{ ok: false, error }];
    // Something unexpected failed the shared transaction: each purchase runs again on its own, so
    // one purchase's fault is not its neighbours'.
    env.ctx.log.warn(
      { err: error, setId, purchases: items.length },
      'token purchase batch failed; retrying one by one',
    );
    const alone: Outcome<TokenUseResponse>[] = [];
    for (const item of items) alone.push((await runTokenBatch(env, setId, [item], looked))[0]!);
    return alone;
  }
  return outcomes;
}

/**
 * The waiting room's gate (docs/rules/drops.md), for every purchase of a batch at once and before its
 * transaction: checked here rather than before joining the batch, so purchases keep their arrival
 * order whatever order the checks answer in. A refused purchase is answered alone; the rest run.
 */
async function runAdmittedBatch(
  env: OrdersEnv,
  setId: string,
  items: TokenPurchase[],
): Promise<Outcome<TokenUseResponse>[]> {
  // The round is read beside the admission check, not after it: one wait for both.
  const looked = lookAtRound(env, setId);
  const { refusals, usesWritten } = await admissionRefusals(
    env,
    items.map((item) => item.user.id),
    setId,
  );
  const admitted = items.filter((_, i) => refusals[i] === null);
  const ran = admitted.length > 0 ? await runTokenBatch(env, setId, admitted, looked) : [];
  // The purchases have committed: a failed write of the use only shortens the admissions (logged).
  await usesWritten.catch((error: unknown) =>
    env.ctx.log.warn({ err: error, setId }, "admission use not recorded; the shoppers' purchases stand"),
  );
  let next = 0;
  return items.map((_, i) => {
    const refusal = refusals[i];
    return refusal ? { ok: false, error: refusal } : ran[next++]!;
  });
}

/** POST /api/token/use: spend, take tickets, decide prizes, create the order — in one transaction. */
export function createTokenPurchases(env: OrdersEnv) {
  const tokenBatches = createKeyedBatches<TokenPurchase, TokenUseResponse>({
    maxBatch: TOKEN_BATCH_MAX,
    memberKey: (purchase) => purchase.user.id,
    run: (setId, items) => runAdmittedBatch(env, setId, items),
  });
  return {
    /** The purchases of a round arriving together share that transaction (see `runTokenBatch`). */
    async useTokens(user: Principal, input: TokenUseRequest): Promise<TokenUseResponse> {
      return countingRefusals(env, input.setId, async () => {
        assertOwnUsername(user, input.username);
        if (!input.buyOut && input.ticketsBought === undefined) throw badRequest('ticketsBought is required');
        const purchase: TokenPurchase = {
          user,
          orderId: crypto.randomUUID(),
          clientSeed: input.clientSeed ?? defaultClientSeed(),
          ticketsBought: input.ticketsBought,
          buyOut: input.buyOut === true,
          claim: currentClaim(),
        };
        return tokenBatches.submit(input.setId, purchase);
      });
    },
  };
}

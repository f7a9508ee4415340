import { createOrdersAdmin } from './admin.ts';
import { createAdminOrderDetail } from './admin-detail.ts';
import crypto from 'node:crypto';
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import {
  ACCESS_DENIED_MESSAGE,
  INVALID_ORDER_MESSAGE,
  type Order,
  type OrderDetailsResponse,
  type UserOrdersResponse,
  CARD_RESERVATION_MINUTES,
  formatCents,
  HOLD_MESSAGE,
  LAST_RANK,
  maximumQuantity,
  quotePurchase,
  sortPrizeRanks,
  tokenCost,
  type CheckTicketsRequest,
  type CheckTicketsResponse,
  type DrawResponse,
  type KujiIntentResponse,
  type OrderStatusResponse,
  type TokenUseRequest,
  type TokenUseResponse,
  type WonPrize,
} from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Principal } from '../../core/auth.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { MINUTE } from '../../core/clock.ts';
import { afterCommit } from '../../core/after-commit.ts';
import { JOB } from '../../jobs/names.ts';
import { createKeyedBatches, type Outcome } from '../../core/keyed-batches.ts';
import { badRequest, forbidden, locked, notFound } from '../../core/http-errors.ts';
import { NOT_ENOUGH_TICKETS } from '../stock/service.ts';
import type { PaymentIntent, PaymentsService } from '../payments/service.ts';
import type { LiveService } from '../live/service.ts';
import type { Round } from '../catalogue/service.ts';
import { shipByDateFor } from '../inventory/service.ts';
import { orders } from './tables.ts';
import { createSettlement, type OrderRow, type RoundContext, type SettleDeps } from './settle.ts';
import { insertJsonRows } from '../../core/json-rows.ts';

/** The payment purpose of card ticket orders. */
export const KUJI_ORDER = 'kuji-order';
/** How long a card order's tickets stay reserved (docs/rules/buying.md). */
export const RESERVATION_MS = CARD_RESERVATION_MINUTES * MINUTE;
/**
 * A refund claim older than this was abandoned (the instance died before or during the gateway
 * call) and is taken over. Well above the longest gateway call (Stripe: 20 s timeout, 2 retries).
 */
export const REFUND_CLAIM_TIMEOUT_MS = 5 * MINUTE;
/** The gateway idempotency key of an order's refund: however often it is retried, one refund. */
export const refundKeyOf = (orderId: string) => `kuji-order-refund-${orderId}`;
export const ORDER_NOT_FOUND = 'Order not found';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DEFAULT_CLIENT_SEED = () => crypto.randomBytes(16).toString('hex');
/** Most token purchases of one round decided in one transaction (docs/performance.md). */
export const TOKEN_BATCH_MAX = 100;

/** A token purchase waiting for its round's next batch. */
/** One token purchase waiting for its round's batch. */
interface TokenPurchase {
  user: Principal;
  orderId: string;
  clientSeed: string;
  ticketsBought: number | undefined;
  buyOut: boolean;
}

interface Deps extends SettleDeps {
  payments: PaymentsService;
  live?: LiveService;
}

/** The purchase engine (docs/rules/buying.md, promotions.md): token and card purchases, buy-outs, the draw API. */
export function createOrdersService(ctx: AppContext, deps: Deps) {
  const { catalogue, stock, wallet, payments, fairness } = deps;
  const settlement = createSettlement(ctx, deps);
  const now = () => ctx.clock.now();

  const assertOwnUsername = (user: Principal, username: string) => {
    if (username.trim().toLowerCase() !== user.username.toLowerCase()) throw forbidden('You can only buy tickets for your own account.');
  };

  /** 423 while another order's card buy-out holds the round (docs/rules/buying.md). */
  const assertNoHold = (round: Round, ownOrderId?: string) => {
    const holdTimeLeft = catalogue.holdSecondsLeft(round);
    if (holdTimeLeft > 0 && round.holdOrderId !== ownOrderId) throw locked(HOLD_MESSAGE, { holdTimeLeft });
  };

  async function roundContext(exec: Executor, setId: string): Promise<RoundContext> {
    return catalogue.getProductOfRound(exec, setId);
  }

  /** Validates the order size against what is left; answers the paid and received tickets. */
  function quoteOrThrow(rc: RoundContext, left: number, paid: number) {
    if (rc.round.status !== 'open') throw badRequest(NOT_ENOUGH_TICKETS, { ticketsLeft: 0 });
    const quote = quotePurchase(paid, left, rc.promotion);
    if (!quote.ok) {
      if (quote.reason === 'below_minimum') throw badRequest(`You must buy at least ${quote.minimum} tickets for this set.`);
      throw badRequest(NOT_ENOUGH_TICKETS, { ticketsLeft: left });
    }
    return quote;
  }

  type NewOrder = { id: string; user: Principal; rc: RoundContext; method: 'token' | 'card'; paid: number; received: number; totalCost: number } & {
    paymentIntentId: string;
    clientSeed: string;
    buyOut: boolean;
    status: 'pending' | 'paid';
    reservationId?: string;
    reservationExpiresAt?: Date;
  };

  /** Inserts orders in one statement; answers the rows in the same order. */
  async function insertOrders(tx: Tx, list: readonly NewOrder[]): Promise<OrderRow[]> {
    if (list.length === 0) return [];
    const createdAt = now();
    // Every column is given (typed as the full row), so the rows returned are exactly the rows stored;
    // one JSON parameter for the whole batch instead of a bound value per column (docs/performance.md).
    const rows = list.map((values): OrderRow => {
      const { product, round } = values.rc;
      return {
        id: values.id,
        userId: values.user.id,
        username: values.user.username,
        roundId: round.id,
        productId: product.id,
        productName: product.name,
        productImage: product.image,
        sku: round.sku,
        preorder: product.preorder,
        paymentMethod: values.method,
        paidTickets: values.paid,
        numberOfTickets: values.received,
        totalCost: values.totalCost,
        paymentIntentId: values.paymentIntentId,
        status: values.status,
        refundClaimedAt: null,
        buyOut: values.buyOut,
        clientSeed: values.clientSeed,
        reservationId: values.reservationId ?? null,
        reservationExpiresAt: values.reservationExpiresAt ?? null,
        selectedPrizes: [],
        doubleChancePrizes: [],
        challengeAlphabet: null,
        challengeWon: false,
        challengeRemainingTickets: 0,
        refundedTokens: 0,
        lotteryEnabled: product.lotteryEnabled,
        lotteryWon: null,
        drawnAt: null,
        revealedAt: null,
        createdAt,
        paidAt: values.status === 'paid' ? createdAt : null,
        shipByDate: shipByDateFor(createdAt, product.preorder),
      };
    });
    await tx.execute(insertJsonRows(orders, rows));
    return rows;
  }

  type PlannedPurchase = { i: number; item: TokenPurchase; paid: number; received: number; buyOut: boolean; cost: number };

  /** Quotes purchases in arrival order against what is left: the ones that fit, and why each other one does not. */
  function quoteInOrder(rc: RoundContext, left: number, entries: ReadonlyArray<{ i: number; item: TokenPurchase }>) {
    const fits: PlannedPurchase[] = [];
    const refusals = new Map<number, unknown>();
    for (const { i, item } of entries) {
      try {
        const paid = item.buyOut ? maximumQuantity(left, rc.promotion) : item.ticketsBought!;
        const quote = quoteOrThrow(rc, left, paid);
        fits.push({ i, item, paid, received: quote.receivedTickets, buyOut: quote.buyOut, cost: tokenCost(rc.product.tokenPrice, paid) });
        left -= quote.receivedTickets;
      } catch (error) {
        refusals.set(i, error);
      }
    }
    return { fits, refusals };
  }

  const orderOf = (p: PlannedPurchase, rc: RoundContext): NewOrder => ({
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
   * or deleted (usually none is, except near a sell-out).
   */
  async function runTokenBatch(setId: string, items: TokenPurchase[]): Promise<Outcome<TokenUseResponse>[]> {
    const outcomes: Outcome<TokenUseResponse>[] = items.map(() => ({ ok: false, error: new Error('purchase not decided') }));
    const refuse = (i: number, error: unknown) => (outcomes[i] = { ok: false, error });
    const entries = items.map((item, i) => ({ item, i }));
    try {
      await ctx.database.lockDb.transaction(async (tx) => {
        // Before the lock: the round as it looks now, the orders it would make, the prizes to hand out.
        const seen = await catalogue.getProductOfRound(tx, setId);
        const prizes = await catalogue.prizesOfProduct(tx, seen.product.id);
        let written: OrderRow[] = [];
        if (seen.round.status === 'open' && catalogue.holdSecondsLeft(seen.round) === 0) {
          // The round's counter alone (reservations are counted under the lock): a row for a purchase
          // that turns out not to fit is deleted there, rare enough to cost less than a read here.
          const seenUntaken = seen.round.totalTickets - seen.round.nextNonce;
          written = await insertOrders(tx, quoteInOrder(seen, seenUntaken, entries).fits.map((p) => orderOf(p, seen)));
        }

        const rc = await catalogue.lockProductOfRound(tx, setId);
        const accepted: PlannedPurchase[] = [];
        const holdTimeLeft = catalogue.holdSecondsLeft(rc.round);
        const lockedRound = { round: rc.round, left: 0 };
        if (holdTimeLeft > 0) items.forEach((_, i) => refuse(i, locked(HOLD_MESSAGE, { holdTimeLeft })));
        else {
          lockedRound.left = (await stock.availabilityOfRounds(tx, [rc.round])).get(rc.round.id)!.left;
          let open = entries;
          let refusals = new Map<number, unknown>();
          // Quote against what is left in arrival order, then spend; a short balance frees its
          // tickets for the purchases refused for want of them, which are quoted again.
          for (;;) {
            const quoted = quoteInOrder(rc, lockedRound.left - accepted.reduce((n, p) => n + p.received, 0), open);
            refusals = quoted.refusals;
            if (quoted.fits.length === 0) break;
            const spends = await wallet.spendEach(
              tx,
              quoted.fits.map((p) => ({ userId: p.item.user.id, amount: p.cost, reference: p.item.orderId })),
            );
            let short = false;
            quoted.fits.forEach((p, k) => {
              const spend = spends[k]!;
              if (spend.ok) return void accepted.push(p);
              short = true;
              const tokensNeeded = p.cost - spend.available;
              refuse(
                p.i,
                badRequest(`Not enough tokens: this purchase costs ${p.cost} tokens, you need ${tokensNeeded} more.`, {
                  tokensNeeded,
                  totalTokens: spend.available,
                }),
              );
            });
            open = open.filter((entry) => refusals.has(entry.i));
            if (!short || open.length === 0) break;
          }
          for (const entry of open) refuse(entry.i, refusals.get(entry.i));
        }

        // The rows written before the lock stand where the purchase came out the same; the others go.
        const writtenById = new Map(written.map((row) => [row.id, row]));
        const kept = new Map<string, OrderRow>();
        for (const p of accepted) {
          const row = writtenById.get(p.item.orderId);
          const same = row && row.paidTickets === p.paid && row.numberOfTickets === p.received && row.buyOut === p.buyOut && row.totalCost === p.cost;
          if (same) kept.set(row.id, row);
        }
        const stale = written.filter((row) => !kept.has(row.id)).map((row) => row.id);
        if (stale.length > 0) await tx.delete(orders).where(inArray(orders.id, stale));
        if (accepted.length === 0) return;
        const added = await insertOrders(tx, accepted.filter((p) => !kept.has(p.item.orderId)).map((p) => orderOf(p, rc)));
        const rowById = new Map([...kept, ...added.map((row) => [row.id, row] as const)]);
        const rows = accepted.map((p) => rowById.get(p.item.orderId)!);

        let decided: OrderRow[];
        if (rc.promotion?.type === 'CHALLENGE' && !rc.product.lotteryEnabled) {
          // A Challenge draws one ticket at a time until its letter: one order after the other.
          decided = [];
          for (const [k, row] of rows.entries()) decided.push(await settlement.decide(tx, row, rc, accepted[k]!.received, undefined, lockedRound));
        } else {
          decided = await settlement.decideOrders(tx, rows.map((order, k) => ({ order, count: accepted[k]!.received })), rc, lockedRound, prizes);
        }
        decided.forEach((order, k) => {
          outcomes[accepted[k]!.i] = { ok: true, value: { orderId: order.id, totalTicketsBought: order.numberOfTickets } };
        });
        // The live banners go out once this transaction has committed.
        deps.live?.purchasesPaid(tx, decided.map((order) => ({ buyerId: order.userId, productName: rc.product.name })));
      });
    } catch (error) {
      if (items.length === 1) return [{ ok: false, error }];
      // Something unexpected failed the shared transaction: each purchase runs again on its own, so
      // one purchase's fault is not its neighbours'.
      ctx.log.warn({ err: error, setId, purchases: items.length }, 'token purchase batch failed; retrying one by one');
      const alone: Outcome<TokenUseResponse>[] = [];
      for (const item of items) alone.push((await runTokenBatch(setId, [item]))[0]!);
      return alone;
    }
    return outcomes;
  }

  const tokenBatches = createKeyedBatches<TokenPurchase, TokenUseResponse>({
    maxBatch: TOKEN_BATCH_MAX,
    memberKey: (purchase) => purchase.user.id,
    run: runTokenBatch,
  });

  async function findOrder(exec: Executor, orderId: string, forUpdate = false): Promise<OrderRow | null> {
    if (!UUID.test(orderId)) return null;
    const query = exec.select().from(orders).where(eq(orders.id, orderId));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row ?? null;
  }

  /** The caller's own order; anyone else's (or none) is a 404 that leaks nothing (docs/rules/security.md). */
  async function ownOrder(user: Principal, orderId: string, exec: Executor = ctx.db): Promise<OrderRow> {
    const order = await findOrder(exec, orderId);
    if (!order || order.userId !== user.id) throw notFound(ORDER_NOT_FOUND);
    return order;
  }

  /** The card payment succeeded (in the webhook's transaction): take the tickets, or refund (docs/rules/buying.md). */
  async function onPaymentSucceeded(tx: Tx, intent: PaymentIntent): Promise<void> {
    const [order] = await tx.select().from(orders).where(eq(orders.paymentIntentId, intent.id)).for('update');
    if (!order) {
      ctx.log.error({ intentId: intent.id }, 'succeeded kuji payment has no order');
      return;
    }
    if (order.status === 'canceled') {
      // Paid although its checkout was cancelled (replaced by a newer one): refunded, and the shopper told why.
      await tx.update(orders).set({ status: 'refund_pending' }).where(eq(orders.id, order.id));
      const [message, subject] = replacedPaymentNotice(order);
      await deps.notifications.notify(tx, [order.userId], message, { email: { subject } });
      // The refunds job runs after the webhook's transaction commits; its schedule retries what this misses.
      afterCommit(tx, () => ctx.jobs.kick(JOB.refunds));
      return;
    }
    if (order.status !== 'pending') return;
    const rc = await roundContext(tx, order.roundId);
    const round = await catalogue.lockRound(tx, order.roundId);
    const reservationId = order.reservationId ?? undefined;
    const { left } = await stock.availabilityOf(tx, round.id, reservationId);
    // A late payment still gets its tickets if enough are left (free tickets capped at what is left).
    const count = Math.min(order.numberOfTickets, left);
    if (round.status === 'open' && count >= order.paidTickets) {
      await tx.update(orders).set({ status: 'paid', paidAt: now() }).where(eq(orders.id, order.id));
      await settlement.decide(tx, { ...order, status: 'paid' }, { ...rc, round }, count, reservationId);
      if (round.holdOrderId === order.id) await catalogue.clearHold(tx, round.id);
      // The live banner goes out once the webhook's transaction has committed.
      deps.live?.purchasePaid(tx, { buyerId: order.userId, productName: rc.product.name });
      return;
    }
    if (reservationId) await stock.releaseReservation(tx, reservationId);
    if (round.holdOrderId === order.id) await catalogue.clearHold(tx, round.id);
    await tx.update(orders).set({ status: 'refund_pending' }).where(eq(orders.id, order.id));
    afterCommit(tx, () => ctx.jobs.kick(JOB.refunds));
  }

  async function onPaymentCanceled(tx: Tx, intent: PaymentIntent): Promise<void> {
    const [order] = await tx.select().from(orders).where(eq(orders.paymentIntentId, intent.id)).for('update');
    if (!order || order.status !== 'pending') return;
    // The order, the round, then its reservation: the purchases' lock order.
    const round = await catalogue.lockRound(tx, order.roundId);
    if (order.reservationId) await stock.releaseReservation(tx, order.reservationId);
    if (round.holdOrderId === order.id) await catalogue.clearHold(tx, round.id);
    await tx.update(orders).set({ status: 'canceled' }).where(eq(orders.id, order.id));
  }

  async function onPaymentRefunded(tx: Tx, intent: PaymentIntent): Promise<void> {
    await tx
      .update(orders)
      .set({ status: 'refunded' })
      .where(and(eq(orders.paymentIntentId, intent.id), inArray(orders.status, ['refund_pending', 'refunding'])));
  }

  payments.onSucceeded(KUJI_ORDER, onPaymentSucceeded);
  payments.onCanceled(KUJI_ORDER, onPaymentCanceled);
  payments.onRefunded(KUJI_ORDER, onPaymentRefunded);

  /**
   * Refunds card orders whose tickets were gone when their payment arrived: the `refund_pending`
   * ones, and `refunding` ones whose claim is older than REFUND_CLAIM_TIMEOUT_MS (their instance died
   * between the claim and the end of the gateway call). Orders are claimed by one atomic update that
   * stamps the claim time, so two instances never claim the same order at once; the gateway call
   * carries the order's idempotency key, so even a call repeated after a lost answer or a taken-over
   * claim refunds once. Runs outside transactions (the gateway call must not hold a lock).
   */
  async function processPendingRefunds(): Promise<number> {
    const claimedAt = now();
    const abandonedBefore = new Date(claimedAt.getTime() - REFUND_CLAIM_TIMEOUT_MS);
    const claimed = await ctx.db
      .update(orders)
      .set({ status: 'refunding', refundClaimedAt: claimedAt })
      .where(
        or(
          eq(orders.status, 'refund_pending'),
          and(eq(orders.status, 'refunding'), lt(orders.refundClaimedAt, abandonedBefore)),
        ),
      )
      .returning({ id: orders.id, paymentIntentId: orders.paymentIntentId });
    let refunded = 0;
    for (const order of claimed) {
      const ours = and(eq(orders.id, order.id), eq(orders.status, 'refunding'), eq(orders.refundClaimedAt, claimedAt));
      try {
        // An earlier attempt may have got through and its refund event landed already.
        const intent = await payments.getIntent(order.paymentIntentId);
        if (intent?.status !== 'refunded') await payments.refund(order.paymentIntentId, { idempotencyKey: refundKeyOf(order.id) });
        await ctx.db.update(orders).set({ status: 'refunded' }).where(and(eq(orders.id, order.id), eq(orders.status, 'refunding')));
        refunded++;
      } catch (error) {
        ctx.log.error({ err: error, orderId: order.id }, 'kuji order refund failed; will retry');
        // Back to the queue, unless the refund event or another instance has moved the order on.
        await ctx.db.update(orders).set({ status: 'refund_pending', refundClaimedAt: null }).where(ours);
      }
    }
    return refunded;
  }


  /** Reserves tickets and creates the card payment intent of an order (docs/rules/buying.md). */
  async function createCardOrder(user: Principal, input: { setId: string; paid: number | 'buyOut'; clientSeed?: string }): Promise<KujiIntentResponse> {
    const buyOut = input.paid === 'buyOut';
    // Checked first without a lock, so a hopeless request makes no gateway intent.
    const pre = await roundContext(ctx.db, input.setId);
    assertNoHold(pre.round);
    await stock.assertNotCooledDown(ctx.db, user.id, pre.round.id);
    const preLeft = (await stock.availabilityOf(ctx.db, pre.round.id)).left;
    const paid = buyOut ? maximumQuantity(preLeft, pre.promotion) : (input.paid as number);
    const preQuote = quoteOrThrow(pre, preLeft, paid);
    const orderId = crypto.randomUUID();
    const clientSeed = input.clientSeed ?? DEFAULT_CLIENT_SEED();
    let received = preQuote.receivedTickets;
    let replaced: { id: string; paymentIntentId: string }[] = [];
    const intent = await payments.createIntent(
      { purpose: KUJI_ORDER, userId: user.id, amountCents: pre.product.priceCents * paid, metadata: { orderId } },
      async (tx, intent) => {
        // The shopper's unpaid checkouts of this set, locked before the round as a payment's event
        // locks them (order, then round, then reservations), so the two never wait on each other.
        const pending = await tx
          .select({ id: orders.id, paymentIntentId: orders.paymentIntentId })
          .from(orders)
          .where(and(eq(orders.userId, user.id), eq(orders.roundId, input.setId), eq(orders.status, 'pending'), eq(orders.paymentMethod, 'card')))
          .for('update');
        const round = await catalogue.lockRound(tx, input.setId);
        const rc = { ...pre, round };
        assertNoHold(round);
        const { left } = await stock.availabilityOf(tx, round.id);
        if (buyOut && maximumQuantity(left, rc.promotion) !== paid) throw badRequest(NOT_ENOUGH_TICKETS, { ticketsLeft: left });
        const quote = quoteOrThrow(rc, left, paid);
        received = buyOut ? left : quote.receivedTickets;
        const expiresAt = new Date(now().getTime() + RESERVATION_MS);
        const { id: reservationId, replacedOrderIds } = await stock.reserveReplacing(tx, { roundId: round.id, orderId, userId: user.id, quantity: received, expiresAt });
        // This checkout replaces the shopper's older one of the set: that one is cancelled (docs/rules/buying.md).
        replaced = pending.filter((order) => replacedOrderIds.includes(order.id));
        if (replaced.length > 0) {
          await tx.update(orders).set({ status: 'canceled', reservationExpiresAt: null }).where(inArray(orders.id, replaced.map((order) => order.id)));
        }
        await insertOrders(tx, [{
          id: orderId,
          user,
          rc,
          method: 'card',
          paid,
          received,
          totalCost: intent.amount,
          paymentIntentId: intent.id,
          clientSeed,
          buyOut,
          status: 'pending',
          reservationId,
          reservationExpiresAt: expiresAt,
        }]);
        // A card buy-out holds the round until it is paid or its reservation expires.
        if (buyOut) await catalogue.setHold(tx, round.id, expiresAt, orderId);
      },
    );
    // The replaced checkouts are cancelled at the gateway too, so they can no longer be paid; one
    // paid before the cancel landed is refunded with a word to the shopper (onPaymentSucceeded).
    for (const order of replaced) {
      await payments
        .cancel(order.paymentIntentId, 'duplicate')
        .catch((err: unknown) => ctx.log.warn({ err, orderId: order.id }, 'replaced checkout not cancelled at the gateway'));
    }
    return { clientSecret: intent.clientSecret, ticketsBought: received, orderId };
  }

  const service = {
    ...createOrdersAdmin(ctx),
    ...createAdminOrderDetail(ctx, deps, async (orderId) => {
      const order = await findOrder(ctx.db, orderId);
      if (!order) throw notFound(ORDER_NOT_FOUND);
      return order;
    }),
    processPendingRefunds,
    /** Ran by the background job; public for tests. */
    onPaymentSucceeded,

    /**
     * The reservation-expiry job (src/jobs/): lapsed reservations are released by one statement, so
     * a run repeated on another instance finds nothing left to expire.
     */
    async expireReservations(): Promise<{ expired: number }> {
      return { expired: await ctx.db.transaction((tx) => stock.expireReservations(tx)) };
    },

    /** Both order jobs at once: expire lapsed reservations, then send pending refunds (tests). */
    async runJobs(): Promise<{ expired: number; refunded: number }> {
      const { expired } = await service.expireReservations();
      return { expired, refunded: await processPendingRefunds() };
    },

    /**
     * POST /api/token/use: spend, take tickets, decide prizes, create the order — in one transaction.
     * The purchases of a round arriving together share that transaction (see `runTokenBatch`).
     */
    async useTokens(user: Principal, input: TokenUseRequest): Promise<TokenUseResponse> {
      assertOwnUsername(user, input.username);
      if (!input.buyOut && input.ticketsBought === undefined) throw badRequest('ticketsBought is required');
      const purchase: TokenPurchase = {
        user,
        orderId: crypto.randomUUID(),
        clientSeed: input.clientSeed ?? DEFAULT_CLIENT_SEED(),
        ticketsBought: input.ticketsBought,
        buyOut: input.buyOut === true,
      };
      return tokenBatches.submit(input.setId, purchase);
    },

    /** POST /api/payment/kuji/create-intent */
    async createIntent(user: Principal, input: { setId: string; username: string; ticketsBought: number; clientSeed?: string }) {
      assertOwnUsername(user, input.username);
      return createCardOrder(user, { setId: input.setId, paid: input.ticketsBought, clientSeed: input.clientSeed });
    },

    /** POST /api/payment/kuji/buy-out: reserves every ticket left and holds the round. */
    async buyOut(user: Principal, input: { setId: string; username: string; clientSeed?: string }) {
      assertOwnUsername(user, input.username);
      return createCardOrder(user, { setId: input.setId, paid: 'buyOut', clientSeed: input.clientSeed });
    },

    /** POST /api/kuji/check-tickets: can `ticketsBought` still be bought (the caller's own reservation aside)? */
    async checkTickets(user: Principal, input: CheckTicketsRequest): Promise<CheckTicketsResponse> {
      const rc = await roundContext(ctx.db, input.setId);
      let ownReservation: string | undefined;
      let ownOrderId: string | undefined;
      if (input.orderId) {
        const order = await ownOrder(user, input.orderId);
        ownReservation = order.reservationId ?? undefined;
        ownOrderId = order.id;
      }
      const holdTimeLeft = catalogue.holdSecondsLeft(rc.round);
      if (holdTimeLeft > 0 && rc.round.holdOrderId !== ownOrderId) {
        return { success: false, message: `Buying out in progress. Please wait ${holdTimeLeft} seconds and refresh your page to purchase with the updated odds.` };
      }
      const { left } = await stock.availabilityOf(ctx.db, rc.round.id, ownReservation);
      const available = rc.round.status === 'open' ? left : 0;
      if (available >= input.ticketsBought) return { success: true, message: 'Tickets are available' };
      return {
        success: false,
        message: available === 0 ? `${NOT_ENOUGH_TICKETS}. This set is sold out.` : `${NOT_ENOUGH_TICKETS}. Only ${available} tickets left.`,
      };
    },

    ownOrder,

    /** When the order's reserved tickets go back; null once it no longer holds any (cancelled, replaced, refunded). */
    async reservation(user: Principal, orderId: string): Promise<{ expiresAt: string | null }> {
      const order = await ownOrder(user, orderId);
      const holds = order.status === 'pending' || order.status === 'paid';
      return { expiresAt: holds ? (order.reservationExpiresAt?.toISOString() ?? null) : null };
    },

    async total(user: Principal, orderId: string): Promise<{ totalCost: number }> {
      return { totalCost: (await ownOrder(user, orderId)).totalCost };
    },

    async paymentStatus(user: Principal, orderId: string): Promise<OrderStatusResponse> {
      const order = await ownOrder(user, orderId);
      if (order.paymentMethod === 'token' || order.status === 'paid') return { paymentStatus: 'succeeded' };
      // A checkout replaced by the shopper's newer one says so (its payment page tells the shopper).
      const replaced = order.reservationId !== null && (await stock.findReservation(ctx.db, order.reservationId))?.status === 'replaced';
      const extra = replaced ? { replaced: true as const } : {};
      if (['refund_pending', 'refunding', 'refunded'].includes(order.status)) return { paymentStatus: 'refunded', ...extra };
      if (order.status === 'canceled') return { paymentStatus: 'canceled', ...extra };
      const intent = await payments.getIntent(order.paymentIntentId);
      // Succeeded at the gateway but not settled yet reads as still processing.
      const status = intent?.status ?? 'requires_payment_method';
      return { paymentStatus: status === 'succeeded' ? 'requires_payment_method' : status };
    },

    async verify(user: Principal, orderId: string): Promise<{ success: boolean }> {
      return { success: (await ownOrder(user, orderId)).status === 'paid' };
    },

    /** POST /api/draw-and-update-order/{orderId}: reveals what was decided at payment; draws nothing. */
    async draw(user: Principal, orderId: string): Promise<DrawResponse> {
      const order = await ownOrder(user, orderId);
      if (order.status !== 'paid') throw badRequest('This order is not paid.');
      if (!order.revealedAt) {
        await ctx.db.update(orders).set({ revealedAt: now() }).where(and(eq(orders.id, order.id), sql`${orders.revealedAt} is null`));
      }
      return {
        selectedPrizes: order.selectedPrizes,
        challengeWon: order.challengeWon,
        challengeAlphabet: order.challengeAlphabet,
        challengeRemainingTickets: order.challengeRemainingTickets,
        ticketsToDraw: order.lotteryEnabled ? 0 : order.numberOfTickets,
      };
    },

    async prizesOfOrder(user: Principal, orderId: string): Promise<{ selectedPrizes: string[] }> {
      const order = await ownOrder(user, orderId);
      return { selectedPrizes: order.status === 'paid' ? order.selectedPrizes : [] };
    },

    /** POST /api/prize/fetch-prizes: the product's prizes among `selectedPrizes`, with how many of each. */
    async fetchPrizes(productId: string, selectedPrizes: string[]): Promise<{ prizes: WonPrize[] }> {
      const rows = await catalogue.prizesOfProduct(ctx.db, productId);
      if (rows.length === 0) throw notFound('Product not found');
      const counts = new Map<string, number>();
      for (const rank of selectedPrizes) counts.set(rank, (counts.get(rank) ?? 0) + 1);
      const byRank = new Map(rows.map((p) => [p.letter, p]));
      const prizes = sortPrizeRanks([...counts.keys()].filter((rank) => byRank.has(rank))).map((rank) => {
        const p = byRank.get(rank)!;
        return { id: p.id, name: p.name, rank: p.letter, description: p.description, image: p.image, type: p.type, quantity: counts.get(rank)! };
      });
      // Keep the Last Prize last even among double-chance ranks.
      prizes.sort((a, b) => Number(a.rank === LAST_RANK) - Number(b.rank === LAST_RANK));
      return { prizes };
    },

    /** Orders of a round (admin views, tests). */
    async ordersOfRound(roundId: string, exec: Executor = ctx.db): Promise<OrderRow[]> {
      return exec.select().from(orders).where(eq(orders.roundId, roundId));
    },

    async ordersOfUser(userId: string, exec: Executor = ctx.db): Promise<OrderRow[]> {
      return exec.select().from(orders).where(eq(orders.userId, userId));
    },

    findOrder: (orderId: string, exec: Executor = ctx.db) => findOrder(exec, orderId),

    /** GET /api/order/user/{username}: the caller's paid orders, newest first (another name: 403). */
    async userOrders(user: Principal, username: string): Promise<UserOrdersResponse> {
      if (username.trim().toLowerCase() !== user.username.toLowerCase()) throw forbidden(ACCESS_DENIED_MESSAGE);
      const rows = await ctx.db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, user.id), eq(orders.status, 'paid')))
        .orderBy(desc(orders.createdAt), desc(orders.id));
      return { orders: rows.map(orderView) };
    },

    /** POST /api/order/{orderId}: a paid order of the caller; another's is 403, unknown or unpaid 404. */
    /** A paid order with its fairness receipt (docs/rules/fairness.md): where its draws sit in the chained log. */
    async orderDetails(user: Principal, orderId: string): Promise<OrderDetailsResponse> {
      const order = await findOrder(ctx.db, orderId);
      if (!order) throw notFound(INVALID_ORDER_MESSAGE);
      if (order.userId !== user.id) throw forbidden(ACCESS_DENIED_MESSAGE);
      if (order.status !== 'paid') throw notFound(INVALID_ORDER_MESSAGE);
      return { ...orderView(order), receipt: await fairness.receiptForOrder(ctx.db, order.id) };
    },

    /** The caller's paid order, or the same 403/404 as the details. */
    async paidOrderOf(user: Principal, orderId: string): Promise<OrderRow> {
      const order = await findOrder(ctx.db, orderId);
      if (!order) throw notFound(INVALID_ORDER_MESSAGE);
      if (order.userId !== user.id) throw forbidden(ACCESS_DENIED_MESSAGE);
      if (order.status !== 'paid') throw notFound(INVALID_ORDER_MESSAGE);
      return order;
    },
  };
  return service;
}
export type OrdersService = ReturnType<typeof createOrdersService>;

/** An order as the orders list and details show it: totalCost as `{ $numberDecimal }`. */
function orderView(order: OrderRow): Order {
  return {
    orderId: order.id,
    dateTimeCreated: order.createdAt.toISOString(),
    productName: order.productName,
    productImage: order.productImage,
    productId: { _id: order.productId },
    numberOfTickets: order.numberOfTickets,
    totalCost: { $numberDecimal: String(order.totalCost) },
    paymentIntentId: order.paymentIntentId,
    selectedPrizes: order.selectedPrizes,
    lotteryEnabled: order.lotteryEnabled,
    lotteryWon: order.lotteryWon,
    paid: order.status === 'paid',
    shipByDate: order.shipByDate ? order.shipByDate.toISOString() : null,
    ...refundView(order),
  };
}

/**
 * Tickets bought, drawn and refunded, and the net paid (docs/rules/fulfilment.md): a Challenge's undrawn
 * tickets come back as tokens, so only a token order's net paid goes down.
 */
function refundView(order: OrderRow): Pick<Order, 'ticketsBought' | 'ticketsDrawn' | 'refundedTickets' | 'refund' | 'netPaid'> {
  const refunded = order.refundedTokens > 0;
  const net = order.paymentMethod === 'token' ? order.totalCost - order.refundedTokens : order.totalCost;
  return {
    ticketsBought: order.paidTickets,
    ticketsDrawn: order.numberOfTickets,
    refundedTickets: order.challengeRemainingTickets,
    refund: refunded ? { amount: order.refundedTokens, currency: 'tokens' } : null,
    netPaid: { $numberDecimal: String(net) },
  };
}
/** What a shopper is told when a replaced checkout's payment still arrives: it is refunded (in-app and e-mail). */
export function replacedPaymentNotice(order: Pick<OrderRow, 'productName' | 'totalCost'>): [message: string, subject: string] {
  return [
    `Your payment of ${formatCents(order.totalCost)} for ${order.productName} arrived after that checkout was replaced by your newer one, so no tickets were bought with it and it is being refunded to your card.`,
    `Your ${order.productName} payment is being refunded`,
  ];
}

/** The in-app text of a Challenge refund (the notifications tests match it). */
export { challengeRefundMessage } from './settle.ts';

import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { maximumQuantity, type KujiIntentResponse } from '@kujiya/shared';
import type { Principal } from '../../core/auth.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { badRequest } from '../../core/http-errors.ts';
import { NOT_ENOUGH_TICKETS } from '../stock/service.ts';
import type { PaymentIntent } from '../payments/service.ts';
import { orders } from './tables.ts';
import { KUJI_ORDER, RESERVATION_MS } from './constants.ts';
import {
  assertNoHold,
  assertOwnUsername,
  defaultClientSeed,
  insertOrders,
  quoteOrThrow,
  type OrdersEnv,
} from './env.ts';
import type { RoundContext } from './settle.ts';
import {
  assertAdmitted,
  assertSalesOpen,
  assertWithinLimits,
  countingRefusals,
  shopperHistories,
} from './drop-rules.ts';

interface CardOrderInput {
  setId: string;
  paid: number | 'buyOut';
  clientSeed?: string;
}
interface Checkout {
  user: Principal;
  input: CardOrderInput;
  pre: RoundContext;
  paid: number;
  orderId: string;
  clientSeed: string;
}
type Replaced = { id: string; paymentIntentId: string };

/**
 * The checkout's rows, in the intent's transaction. Lock order (docs/architecture.md): round →
 * the shopper's reservations (`reserveReplacing`) → the replaced orders, by id → the new order.
 */
async function attachCheckout(tx: Tx, env: OrdersEnv, c: Checkout, intent: PaymentIntent) {
  const { catalogue, stock } = env.deps;
  const buyOut = c.input.paid === 'buyOut';
  const round = await catalogue.lockRound(tx, c.input.setId);
  const rc = { ...c.pre, round };
  assertSalesOpen(env, round);
  assertNoHold(env, round);
  const { left } = await stock.availabilityOf(tx, round.id);
  if (buyOut && maximumQuantity(left, rc.promotion) !== c.paid)
    throw badRequest(NOT_ENOUGH_TICKETS, { ticketsLeft: left });
  const quote = quoteOrThrow(rc, left, c.paid);
  // Under the round lock, so two tabs or two instances cannot both pass a limit (docs/rules/drops.md).
  await assertCardLimits(tx, env, rc, c.user, c.paid);
  const received = buyOut ? left : quote.receivedTickets;
  const expiresAt = new Date(env.ctx.clock.now().getTime() + RESERVATION_MS);
  const reservation = await stock.reserveReplacing(tx, {
    roundId: round.id,
    orderId: c.orderId,
    userId: c.user.id,
    quantity: received,
    expiresAt,
  });
  // This checkout replaces the shopper's older one of the set: that one is cancelled (docs/rules/buying.md).
  const replaced: Replaced[] =
    reservation.replacedOrderIds.length === 0
      ? []
      : await tx
          .select({ id: orders.id, paymentIntentId: orders.paymentIntentId })
          .from(orders)
          .where(
            and(
              inArray(orders.id, reservation.replacedOrderIds),
              eq(orders.userId, c.user.id),
              eq(orders.status, 'pending'),
              eq(orders.paymentMethod, 'card'),
            ),
          )
          .orderBy(orders.id)
          .for('update');
  if (replaced.length > 0) {
    await tx
      .update(orders)
      .set({ status: 'canceled', reservationExpiresAt: null })
      .where(
        inArray(
          orders.id,
          replaced.map((order) => order.id),
        ),
      );
  }
  await insertOrders(tx, env, [
    {
      id: c.orderId,
      user: c.user,
      rc,
      method: 'card',
      paid: c.paid,
      received,
      totalCost: intent.amount,
      paymentIntentId: intent.id,
      clientSeed: c.clientSeed,
      buyOut,
      status: 'pending',
      reservationId: reservation.id,
      reservationExpiresAt: expiresAt,
    },
  ]);
  // A card buy-out holds the round until it is paid or its reservation expires.
  if (buyOut) await catalogue.setHold(tx, round.id, expiresAt, c.orderId);
  return { received, replaced };
}

/**
 * The set's limits for a card checkout: the shopper's unpaid checkout of the round does not count,
 * as this one replaces it (docs/rules/buying.md).
 */
async function assertCardLimits(exec: Executor, env: OrdersEnv, rc: RoundContext, user: Principal, paid: number) {
  const histories = await shopperHistories(exec, env, rc, [user.id], { pendingReplaced: true });
  assertWithinLimits(env, rc, histories.get(user.id), paid);
}

/** Checked first without a lock, so a hopeless request makes no gateway intent. */
async function precheck(env: OrdersEnv, user: Principal, input: CardOrderInput): Promise<Checkout> {
  const { catalogue, stock } = env.deps;
  const pre = await catalogue.getProductOfRound(env.ctx.db, input.setId);
  assertSalesOpen(env, pre.round);
  assertNoHold(env, pre.round);
  await stock.assertNotCooledDown(env.ctx.db, user.id, pre.round.id);
  const preLeft = (await stock.availabilityOf(env.ctx.db, pre.round.id)).left;
  const paid = input.paid === 'buyOut' ? maximumQuantity(preLeft, pre.promotion) : input.paid;
  quoteOrThrow(pre, preLeft, paid);
  await assertCardLimits(env.ctx.db, env, pre, user, paid);
  return { user, input, pre, paid, orderId: crypto.randomUUID(), clientSeed: input.clientSeed ?? defaultClientSeed() };
}

/** Reserves tickets and creates the card payment intent of an order (docs/rules/buying.md). */
async function createCardOrder(env: OrdersEnv, user: Principal, input: CardOrderInput): Promise<KujiIntentResponse> {
  const { payments } = env.deps;
  await assertAdmitted(env, user.id, input.setId);
  const checkout = await precheck(env, user, input);
  let attached = { received: 0, replaced: [] as Replaced[] };
  const intent = await payments.createIntent(
    {
      purpose: KUJI_ORDER,
      userId: user.id,
      amountCents: checkout.pre.product.priceCents * checkout.paid,
      metadata: { orderId: checkout.orderId },
    },
    async (tx, created) => void (attached = await attachCheckout(tx, env, checkout, created)),
  );
  // The replaced checkouts are cancelled at the gateway too, so they can no longer be paid; one
  // paid before the cancel landed is refunded with a word to the shopper (payment-events.ts).
  for (const order of attached.replaced) {
    await payments
      .cancel(order.paymentIntentId, 'duplicate')
      .catch((err: unknown) =>
        env.ctx.log.warn({ err, orderId: order.id }, 'replaced checkout not cancelled at the gateway'),
      );
  }
  return { clientSecret: intent.clientSecret, ticketsBought: attached.received, orderId: checkout.orderId };
}

/** Card checkouts: POST /api/payment/kuji/create-intent and /buy-out. */
export function createCardOrders(env: OrdersEnv) {
  return {
    /** POST /api/payment/kuji/create-intent */
    async createIntent(
      user: Principal,
      input: { setId: string; username: string; ticketsBought: number; clientSeed?: string },
    ) {
      return countingRefusals(env, input.setId, async () => {
        assertOwnUsername(user, input.username);
        return createCardOrder(env, user, {
          setId: input.setId,
          paid: input.ticketsBought,
          clientSeed: input.clientSeed,
        });
      });
    },

    /** POST /api/payment/kuji/buy-out: reserves every ticket left and holds the round. */
    async buyOut(user: Principal, input: { setId: string; username: string; clientSeed?: string }) {
      return countingRefusals(env, input.setId, async () => {
        assertOwnUsername(user, input.username);
        return createCardOrder(env, user, { setId: input.setId, paid: 'buyOut', clientSeed: input.clientSeed });
      });
    },
  };
}

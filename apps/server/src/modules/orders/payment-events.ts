import { and, eq, inArray } from 'drizzle-orm';
import { formatCents } from '@kujiya/shared';
import type { Tx } from '../../db/database.ts';
import type { PaymentIntent } from '../payments/service.ts';
import { orders } from './tables.ts';
import { KUJI_ORDER } from './constants.ts';
import type { OrdersEnv } from './env.ts';
import type { OrderRow } from './settle.ts';
import { paymentFitsShopperLimit } from './drop-rules.ts';

/** What a shopper is told when a replaced checkout's payment still arrives: it is refunded (in-app and e-mail). */
export function replacedPaymentNotice(
  order: Pick<OrderRow, 'productName' | 'totalCost'>,
): [message: string, subject: string] {
  return [
    `Your payment of ${formatCents(order.totalCost)} for ${order.productName} arrived after that checkout was replaced by your newer one, so no tickets were bought with it and it is being refunded to your card.`,
    `Your ${order.productName} payment is being refunded`,
  ];
}

const orderOfIntent = async (tx: Tx, intentId: string): Promise<OrderRow | undefined> =>
  (await tx.select().from(orders).where(eq(orders.paymentIntentId, intentId)))[0];

/**
 * The order of an intent, read again once its round is locked. Lock order (docs/architecture.md):
 * the event and the intent (payments), then the round, then the reservation, then the order. Every
 * change of a pending card order runs under its intent's lock (its events) or its round's lock (a
 * replacing checkout), so the order read after those two locks stays as read.
 */
async function lockedOrderOfIntent(tx: Tx, env: OrdersEnv, intentId: string) {
  const seen = await orderOfIntent(tx, intentId);
  if (!seen) return null;
  const round = await env.deps.catalogue.lockRound(tx, seen.roundId);
  const order = (await orderOfIntent(tx, intentId))!;
  return { order, round };
}

/** The card payment succeeded (in the webhook's transaction): take the tickets, or refund (docs/rules/buying.md). */
async function onPaymentSucceeded(
  tx: Tx,
  env: OrdersEnv,
  intent: PaymentIntent,
  scheduleRefunds: (tx: Tx) => void,
): Promise<void> {
  const { catalogue, stock, notifications, live } = env.deps;
  const found = await lockedOrderOfIntent(tx, env, intent.id);
  if (!found) return void env.ctx.log.error({ intentId: intent.id }, 'succeeded kuji payment has no order');
  const { order, round } = found;
  if (order.status === 'canceled') {
    // Paid although its checkout was cancelled (replaced by a newer one): refunded, and the shopper told why.
    await tx.update(orders).set({ status: 'refund_pending' }).where(eq(orders.id, order.id));
    const [message, subject] = replacedPaymentNotice(order);
    await notifications.notify(tx, [order.userId], message, { email: { subject } });
    return scheduleRefunds(tx);
  }
  if (order.status !== 'pending') return;
  const rc = await catalogue.getProductOfRound(tx, order.roundId);
  const reservationId = order.reservationId ?? undefined;
  const { left } = await stock.availabilityOf(tx, round.id, reservationId);
  // A late payment still gets its tickets if enough are left (free tickets capped at what is left).
  const count = Math.min(order.numberOfTickets, left);
  const fits = count >= order.paidTickets && (await paymentFitsShopperLimit(tx, env, { ...rc, round }, order));
  if (round.status === 'open' && fits) {
    // Marked paid by the settlement's own update of the order, once the reserved tickets are taken.
    const paid = await env.settlement.decide(
      tx,
      { ...order, status: 'paid', paidAt: env.ctx.clock.now() },
      { ...rc, round },
      count,
      reservationId,
    );
    if (round.holdOrderId === order.id) await catalogue.clearHold(tx, round.id);
    env.ctx.metrics.ticketsSold(tx, 'card', paid.numberOfTickets);
    // The live banner goes out once the webhook's transaction has committed.
    live?.purchasePaid(tx, { buyerId: order.userId, productName: rc.product.name });
    return;
  }
  if (reservationId) await stock.releaseReservation(tx, reservationId);
  if (round.holdOrderId === order.id) await catalogue.clearHold(tx, round.id);
  await tx.update(orders).set({ status: 'refund_pending' }).where(eq(orders.id, order.id));
  scheduleRefunds(tx);
}

/** The round, then its reservation, then the order: the purchases' lock order. */
async function onPaymentCanceled(tx: Tx, env: OrdersEnv, intent: PaymentIntent): Promise<void> {
  const found = await lockedOrderOfIntent(tx, env, intent.id);
  if (!found || found.order.status !== 'pending') return;
  const { order, round } = found;
  if (order.reservationId) await env.deps.stock.releaseReservation(tx, order.reservationId);
  if (round.holdOrderId === order.id) await env.deps.catalogue.clearHold(tx, round.id);
  await tx.update(orders).set({ status: 'canceled' }).where(eq(orders.id, order.id));
}

async function onPaymentRefunded(tx: Tx, intent: PaymentIntent): Promise<void> {
  await tx
    .update(orders)
    .set({ status: 'refunded' })
    .where(and(eq(orders.paymentIntentId, intent.id), inArray(orders.status, ['refund_pending', 'refunding'])));
}

/** Registers the card order handlers with payments; answers the succeeded one (tests call it directly). */
export function registerPaymentHandlers(env: OrdersEnv, scheduleRefunds: (tx: Tx) => void) {
  const { payments } = env.deps;
  const succeeded = (tx: Tx, intent: PaymentIntent) => onPaymentSucceeded(tx, env, intent, scheduleRefunds);
  payments.onSucceeded(KUJI_ORDER, succeeded);
  payments.onCanceled(KUJI_ORDER, (tx, intent) => onPaymentCanceled(tx, env, intent));
  payments.onRefunded(KUJI_ORDER, onPaymentRefunded);
  return succeeded;
}

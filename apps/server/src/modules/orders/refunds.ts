import { and, eq, lt, or } from 'drizzle-orm';
import { orders } from './tables.ts';
import { REFUND_CLAIM_TIMEOUT_MS, refundKeyOf } from './constants.ts';
import type { OrdersEnv } from './env.ts';

/** Claims the orders to refund in one atomic update that stamps the claim time. */
async function claimRefunds(env: OrdersEnv, claimedAt: Date) {
  const abandonedBefore = new Date(claimedAt.getTime() - REFUND_CLAIM_TIMEOUT_MS);
  return env.ctx.db
    .update(orders)
    .set({ status: 'refunding', refundClaimedAt: claimedAt })
    .where(
      or(
        eq(orders.status, 'refund_pending'),
        and(eq(orders.status, 'refunding'), lt(orders.refundClaimedAt, abandonedBefore)),
      ),
    )
    .returning({ id: orders.id, paymentIntentId: orders.paymentIntentId });
}

/**
 * Refunds card orders whose tickets were gone when their payment arrived: the `refund_pending`
 * ones, and `refunding` ones whose claim is older than REFUND_CLAIM_TIMEOUT_MS (their instance died
 * between the claim and the end of the gateway call). Orders are claimed by one atomic update that
 * stamps the claim time, so two instances never claim the same order at once; the gateway call
 * carries the order's idempotency key, so even a call repeated after a lost answer or a taken-over
 * claim refunds once. Runs outside transactions (the gateway call must not hold a lock); each
 * write is one statement on the order row alone.
 */
export async function processPendingRefunds(env: OrdersEnv): Promise<number> {
  const { db } = env.ctx;
  const { payments } = env.deps;
  const claimedAt = env.ctx.clock.now();
  const claimed = await claimRefunds(env, claimedAt);
  let refunded = 0;
  for (const order of claimed) {
    const ours = and(eq(orders.id, order.id), eq(orders.status, 'refunding'), eq(orders.refundClaimedAt, claimedAt));
    try {
      // An earlier attempt may have got through and its refund event landed already.
      const intent = await payments.getIntent(env.ctx.db, order.paymentIntentId);
      if (intent?.status !== 'refunded')
        await payments.refund(order.paymentIntentId, { idempotencyKey: refundKeyOf(order.id) });
      await db
        .update(orders)
        .set({ status: 'refunded' })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'refunding')));
      refunded++;
    } catch (error) {
      env.ctx.log.error({ err: error, orderId: order.id }, 'kuji order refund failed; will retry');
      // Back to the queue, unless the refund event or another instance has moved the order on.
      await db.update(orders).set({ status: 'refund_pending', refundClaimedAt: null }).where(ours);
    }
  }
  return refunded;
}

import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../db/database.ts';
import { withTxRetry } from '../../db/errors.ts';
import { afterCommit } from '../../core/after-commit.ts';
import { JOB } from '../../jobs/names.ts';
import { notFound } from '../../core/http-errors.ts';
import { createOrdersAdmin } from './admin.ts';
import { createAdminOrderDetail } from './admin-detail.ts';
import { orders } from './tables.ts';
import { createSettlement } from './settle.ts';
import { ORDER_NOT_FOUND } from './constants.ts';
import { findOrder, type OrdersDeps, type OrdersEnv } from './env.ts';
import type { KujiOrder } from './order-view.ts';
import { createTokenPurchases } from './token-purchase.ts';
import { createCardOrders } from './card-orders.ts';
import { registerPaymentHandlers } from './payment-events.ts';
import { processPendingRefunds } from './refunds.ts';
import { createOrderViews } from './views.ts';

export { KUJI_ORDER, REFUND_CLAIM_TIMEOUT_MS, refundKeyOf } from './constants.ts';
export { replacedPaymentNotice } from './payment-events.ts';
export type { KujiOrder } from './order-view.ts';
/**
 * The waiting room's gate and the drop monitor's refusal counter, implemented by their modules and
 * passed in services.ts (docs/rules/drops.md).
 * @public
 */
export type { Admission, PurchaseRefusals } from './env.ts';
/** The in-app text of a Challenge refund (the notifications tests match it). */
export { challengeRefundMessage } from './settle.ts';

/**
 * The purchase engine (docs/rules/buying.md, promotions.md): one facade over its use cases, each in
 * its own file: token purchases (token-purchase.ts), card checkouts (card-orders.ts) and their payment
 * events (payment-events.ts), refunds (refunds.ts), the shopper's read views (views.ts), the back
 * office (admin.ts, admin-detail.ts) and the fairness log's buyer names (fairness-wiring.ts).
 */
export function createOrdersService(ctx: AppContext, deps: OrdersDeps) {
  const env: OrdersEnv = { ctx, deps, settlement: createSettlement(ctx, deps) };
  // The refunds job runs after the payment event's transaction commits; its schedule retries what a kick misses.
  const onPaymentSucceeded = registerPaymentHandlers(env, (tx) => afterCommit(tx, () => ctx.jobs.kick(JOB.refunds)));
  const findOrThrow = async (orderId: string) =>
    (await findOrder(ctx.db, orderId)) ?? Promise.reject(notFound(ORDER_NOT_FOUND));

  const service = {
    ...createOrdersAdmin(ctx),
    ...createAdminOrderDetail(ctx, deps, findOrThrow),
    ...createTokenPurchases(env),
    ...createCardOrders(env),
    ...createOrderViews(env),
    processPendingRefunds: () => processPendingRefunds(env),
    /** Ran by the payment's webhook; public for tests. */
    onPaymentSucceeded,

    /**
     * The reservation-expiry job (src/jobs/): lapsed reservations are released by one statement, so
     * a run repeated on another instance finds nothing left to expire.
     */
    async expireReservations(): Promise<{ expired: number }> {
      return { expired: await withTxRetry(ctx.db, (tx) => deps.stock.expireReservations(tx)) };
    },

    /** Both order jobs at once: expire lapsed reservations, then send pending refunds (tests). */
    async runJobs(): Promise<{ expired: number; refunded: number }> {
      const { expired } = await service.expireReservations();
      return { expired, refunded: await service.processPendingRefunds() };
    },

    /** Orders of a round, of a shopper, or one by id (admin views, demo data, tests). */
    ordersOfRound: (roundId: string): Promise<KujiOrder[]> =>
      ctx.db.select().from(orders).where(eq(orders.roundId, roundId)),
    ordersOfUser: (userId: string): Promise<KujiOrder[]> =>
      ctx.db.select().from(orders).where(eq(orders.userId, userId)),
    findOrder: (orderId: string): Promise<KujiOrder | null> => findOrder(ctx.db, orderId),

    /**
     * An anonymised shopper's orders keep every field but the buyer's name, which becomes the
     * pseudonym (docs/rules/personal-data.md): the records and the fairness log stay whole.
     */
    async renameBuyer(tx: Tx, userId: string, pseudonym: string): Promise<void> {
      await tx.update(orders).set({ username: pseudonym }).where(eq(orders.userId, userId));
    },
  };
  return service;
}
export type OrdersService = ReturnType<typeof createOrdersService>;

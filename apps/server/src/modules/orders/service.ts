import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import { withTxRetry } from '../../db/errors.ts';
import { runPeriodically } from '../../core/periodic.ts';
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
import { processPendingRefunds, refundScheduler } from './refunds.ts';
import { createOrderViews } from './views.ts';
import { buyerNamesOf } from './fairness-wiring.ts';

export { KUJI_ORDER, REFUND_CLAIM_TIMEOUT_MS, refundKeyOf } from './constants.ts';
export { replacedPaymentNotice } from './payment-events.ts';
export type { KujiOrder } from './order-view.ts';
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
  let jobsEnabled = false;
  const onPaymentSucceeded = registerPaymentHandlers(env, refundScheduler(env, () => jobsEnabled));
  deps.fairness.setBuyerNameLookup((orderIds, exec) => buyerNamesOf(exec, orderIds));
  const findOrThrow = async (orderId: string) => (await findOrder(ctx.db, orderId)) ?? Promise.reject(notFound(ORDER_NOT_FOUND));

  const service = {
    ...createOrdersAdmin(ctx),
    ...createAdminOrderDetail(ctx, deps, findOrThrow),
    ...createTokenPurchases(env),
    ...createCardOrders(env),
    ...createOrderViews(env),
    processPendingRefunds: () => processPendingRefunds(env),
    /** Ran by the payment's webhook; public for tests. */
    onPaymentSucceeded,

    /** Starts the reservation-expiry and refund job (not in tests; they call runJobs themselves). */
    startJobs(intervalMs = 15_000): () => Promise<void> {
      jobsEnabled = true;
      const stop = runPeriodically(
        'orders job',
        intervalMs,
        async () => {
          const result = await service.runJobs();
          if (result?.expired || result?.refunded) ctx.log.info({ job: 'orders', ...result }, 'orders job: reservations expired, refunds sent');
        },
        ctx.log,
      );
      return async () => {
        jobsEnabled = false;
        await stop();
      };
    },

    /**
     * Expires lapsed reservations exactly once across instances (a transaction-scoped advisory lock:
     * an instance that cannot take it skips this round), then sends pending refunds and re-drives
     * abandoned ones.
     */
    async runJobs(): Promise<{ expired: number; refunded: number } | null> {
      const expired = await withTxRetry(ctx.db, async (tx) => {
        const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(727005) as locked`)) as unknown as {
          rows: { locked: boolean }[];
        };
        if (!result.rows[0]?.locked) return null;
        return deps.stock.expireReservations(tx);
      });
      if (expired === null) return null;
      return { expired, refunded: await service.processPendingRefunds() };
    },

    /** Orders of a round, of a shopper, or one by id (admin views, demo data, tests). */
    ordersOfRound: (roundId: string, exec: Executor = ctx.db): Promise<KujiOrder[]> => exec.select().from(orders).where(eq(orders.roundId, roundId)),
    ordersOfUser: (userId: string, exec: Executor = ctx.db): Promise<KujiOrder[]> => exec.select().from(orders).where(eq(orders.userId, userId)),
    findOrder: (orderId: string, exec: Executor = ctx.db): Promise<KujiOrder | null> => findOrder(exec, orderId),
  };
  return service;
}
export type OrdersService = ReturnType<typeof createOrdersService>;

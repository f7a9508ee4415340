import { and, eq, gt, inArray, notInArray, or, sql } from 'drizzle-orm';
import {
  ErrorCode,
  isSalesOpen,
  orderCooldownMessage,
  orderLimitMessage,
  salesNotOpenMessage,
  shopperLimitMessage,
} from '@kujiya/shared';
import type { Executor, Tx } from '../../db/database.ts';
import { HttpError } from '../../core/http-errors.ts';
import type { Round } from '../catalogue/service.ts';
import { orders } from './tables.ts';
import type { OrdersEnv } from './env.ts';
import type { RoundContext } from './settle.ts';

/** 409 before the round's scheduled opening, naming it (docs/rules/drops.md, "Opening"). */
export function assertSalesOpen(env: OrdersEnv, round: Pick<Round, 'salesStartAt'>) {
  const opensAt = round.salesStartAt;
  if (opensAt && !isSalesOpen(opensAt, env.ctx.clock.now())) {
    const extra = { salesStartAt: opensAt.toISOString() };
    throw new HttpError(409, salesNotOpenMessage(opensAt), extra, {}, ErrorCode.SALES_NOT_OPEN);
  }
}

/** A shopper's counted orders of a set: tickets paid for in the round, and the latest order's time. */
export interface ShopperHistory {
  bought: number;
  lastOrderAt: Date | null;
}
const NO_HISTORY: ShopperHistory = { bought: 0, lastOrderAt: null };

/** Whether the set has any limit whose check needs the shoppers' orders. */
export const needsHistory = (rc: RoundContext) =>
  rc.product.maxTicketsPerShopper !== null || rc.product.orderCooldownSeconds !== null;

/**
 * The counted orders of each shopper (docs/rules/drops.md, "Limits"): paid orders, and card orders
 * still holding their reservation, unless `pendingReplaced` (a card checkout replaces the shopper's
 * unpaid one of the round). `except` leaves out the rows the purchase itself wrote. Read under the
 * round lock, so two tabs or two instances see each other's orders.
 */
export async function shopperHistories(
  exec: Executor,
  env: OrdersEnv,
  rc: RoundContext,
  userIds: readonly string[],
  options: { except?: readonly string[]; pendingReplaced?: boolean } = {},
): Promise<Map<string, ShopperHistory>> {
  if (!needsHistory(rc) || userIds.length === 0) return new Map();
  const now = env.ctx.clock.now();
  const holding = and(eq(orders.status, 'pending'), gt(orders.reservationExpiresAt, now));
  const counted = options.pendingReplaced
    ? or(eq(orders.status, 'paid'), and(holding, sql`${orders.roundId} <> ${rc.round.id}`))
    : or(eq(orders.status, 'paid'), holding);
  const except = options.except ?? [];
  const rows = await exec
    .select({
      userId: orders.userId,
      bought: sql<number>`coalesce(sum(${orders.paidTickets}) filter (where ${orders.roundId} = ${rc.round.id}), 0)::int`,
      lastOrderAt: sql<string | null>`max(${orders.createdAt})`,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.userId, [...userIds]),
        eq(orders.productId, rc.product.id),
        counted,
        except.length > 0 ? notInArray(orders.id, [...except]) : undefined,
      ),
    )
    .groupBy(orders.userId);
  return new Map(
    rows.map((row) => [
      row.userId,
      { bought: Number(row.bought), lastOrderAt: row.lastOrderAt === null ? null : new Date(row.lastOrderAt) },
    ]),
  );
}

/**
 * Refuses (never clamps) a purchase of `paid` tickets that passes the set's per-order cap, the
 * shopper's per-round limit (all payment paths together) or falls inside the cooldown since the
 * shopper's last order of the set (docs/rules/drops.md, "Limits").
 */
export function assertWithinLimits(
  env: OrdersEnv,
  rc: RoundContext,
  history: ShopperHistory | undefined,
  paid: number,
) {
  const { maxTicketsPerOrder, maxTicketsPerShopper, orderCooldownSeconds } = rc.product;
  const { bought, lastOrderAt } = history ?? NO_HISTORY;
  if (maxTicketsPerOrder !== null && paid > maxTicketsPerOrder) {
    throw new HttpError(
      400,
      orderLimitMessage(maxTicketsPerOrder),
      { maxTicketsPerOrder },
      {},
      ErrorCode.ORDER_LIMIT_EXCEEDED,
    );
  }
  if (maxTicketsPerShopper !== null && bought + paid > maxTicketsPerShopper) {
    const extra = { maxTicketsPerShopper, ticketsBought: bought };
    throw new HttpError(
      400,
      shopperLimitMessage(maxTicketsPerShopper, bought),
      extra,
      {},
      ErrorCode.SHOPPER_LIMIT_REACHED,
    );
  }
  if (orderCooldownSeconds !== null && lastOrderAt) {
    const waitMs = lastOrderAt.getTime() + orderCooldownSeconds * 1000 - env.ctx.clock.now().getTime();
    if (waitMs > 0) {
      const cooldownLeft = Math.ceil(waitMs / 1000);
      throw new HttpError(
        429,
        orderCooldownMessage(orderCooldownSeconds, cooldownLeft),
        { cooldownLeft, orderCooldownSeconds },
        { 'Retry-After': String(cooldownLeft) },
        ErrorCode.ORDER_COOLDOWN,
      );
    }
  }
}

/** The waiting room's gate (docs/rules/drops.md): before the purchase's transaction; throws to refuse. */
export async function assertAdmitted(env: OrdersEnv, userId: string, setId: string): Promise<void> {
  await env.deps.admission?.assertMayBuy(userId, setId, env.ctx.clock.now());
}

/** The same for the shoppers of a purchase batch, in one check: per shopper, null or the refusal (and the use's write). */
export async function admissionRefusals(env: OrdersEnv, userIds: string[], setId: string) {
  const none = { refusals: userIds.map(() => null), usesWritten: Promise.resolve() };
  return (await env.deps.admission?.refusals(userIds, setId, env.ctx.clock.now())) ?? none;
}

/** Runs a purchase path; a 4xx refusal is counted by its code for the drop monitor (docs/rules/drops.md). */
export async function countingRefusals<T>(env: OrdersEnv, setId: string, purchase: () => Promise<T>): Promise<T> {
  try {
    return await purchase();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode >= 400 && error.statusCode < 500)
      env.deps.purchaseRefusals?.record(setId, error.code);
    throw error;
  }
}

/**
 * Whether a card payment may still take its tickets under the per-shopper limit (docs/rules/drops.md):
 * a payment that arrives after its reservation lapsed was not counted meanwhile, so the shopper may
 * have bought up to the limit since; then it is refunded like a late payment that finds too few tickets.
 */
export async function paymentFitsShopperLimit(
  tx: Tx,
  env: OrdersEnv,
  rc: RoundContext,
  order: { id: string; userId: string; paidTickets: number },
): Promise<boolean> {
  const limit = rc.product.maxTicketsPerShopper;
  if (limit === null) return true;
  const histories = await shopperHistories(tx, env, rc, [order.userId], { except: [order.id] });
  return (histories.get(order.userId)?.bought ?? 0) + order.paidTickets <= limit;
}

import { and, desc, eq, sql } from 'drizzle-orm';
import {
  ACCESS_DENIED_MESSAGE,
  INVALID_ORDER_MESSAGE,
  LAST_RANK,
  sortPrizeRanks,
  type CheckTicketsRequest,
  type CheckTicketsResponse,
  type DrawResponse,
  type OrderDetailsResponse,
  type OrderStatusResponse,
  type UserOrdersResponse,
  type WonPrize,
} from '@kujiya/shared';
import type { Principal } from '../../core/auth.ts';
import { badRequest, forbidden, notFound } from '../../core/http-errors.ts';
import { NOT_ENOUGH_TICKETS } from '../stock/service.ts';
import { orders } from './tables.ts';
import { findOrder, ownOrder, type OrdersEnv } from './env.ts';
import { orderView, type KujiOrder } from './order-view.ts';

/** The caller's paid order; another's is 403, unknown or unpaid 404. */
async function paidOrderOf(env: OrdersEnv, user: Principal, orderId: string): Promise<KujiOrder> {
  const order = await findOrder(env.ctx.db, orderId);
  if (!order) throw notFound(INVALID_ORDER_MESSAGE);
  if (order.userId !== user.id) throw forbidden(ACCESS_DENIED_MESSAGE);
  if (order.status !== 'paid') throw notFound(INVALID_ORDER_MESSAGE);
  return order;
}

/** POST /api/kuji/check-tickets: can `ticketsBought` still be bought (the caller's own reservation aside)? */
async function checkTickets(
  env: OrdersEnv,
  user: Principal,
  input: CheckTicketsRequest,
): Promise<CheckTicketsResponse> {
  const { catalogue, stock } = env.deps;
  const rc = await catalogue.getProductOfRound(env.ctx.db, input.setId);
  const own = input.orderId ? await ownOrder(env.ctx.db, user, input.orderId) : null;
  const holdTimeLeft = catalogue.holdSecondsLeft(rc.round);
  if (holdTimeLeft > 0 && rc.round.holdOrderId !== own?.id) {
    return {
      success: false,
      message: `Buying out in progress. Please wait ${holdTimeLeft} seconds and refresh your page to purchase with the updated odds.`,
    };
  }
  const { left } = await stock.availabilityOf(env.ctx.db, rc.round.id, own?.reservationId ?? undefined);
  const available = rc.round.status === 'open' ? left : 0;
  if (available >= input.ticketsBought) return { success: true, message: 'Tickets are available' };
  return {
    success: false,
    message:
      available === 0
        ? `${NOT_ENOUGH_TICKETS}. This set is sold out.`
        : `${NOT_ENOUGH_TICKETS}. Only ${available} tickets left.`,
  };
}

async function paymentStatus(env: OrdersEnv, user: Principal, orderId: string): Promise<OrderStatusResponse> {
  const order = await ownOrder(env.ctx.db, user, orderId);
  if (order.paymentMethod === 'token' || order.status === 'paid') return { paymentStatus: 'succeeded' };
  // A checkout replaced by the shopper's newer one says so (its payment page tells the shopper).
  const replaced =
    order.reservationId !== null &&
    (await env.deps.stock.findReservation(env.ctx.db, order.reservationId))?.status === 'replaced';
  const extra = replaced ? { replaced: true as const } : {};
  if (['refund_pending', 'refunding', 'refunded'].includes(order.status))
    return { paymentStatus: 'refunded', ...extra };
  if (order.status === 'canceled') return { paymentStatus: 'canceled', ...extra };
  const intent = await env.deps.payments.getIntent(env.ctx.db, order.paymentIntentId);
  // Succeeded at the gateway but not settled yet reads as still processing.
  const status = intent?.status ?? 'requires_payment_method';
  return { paymentStatus: status === 'succeeded' ? 'requires_payment_method' : status };
}

/** POST /api/draw-and-update-order/{orderId}: reveals what was decided at payment; draws nothing. */
async function draw(env: OrdersEnv, user: Principal, orderId: string): Promise<DrawResponse> {
  const order = await ownOrder(env.ctx.db, user, orderId);
  if (order.status !== 'paid') throw badRequest('This order is not paid.');
  if (!order.revealedAt) {
    await env.ctx.db
      .update(orders)
      .set({ revealedAt: env.ctx.clock.now() })
      .where(and(eq(orders.id, order.id), sql`${orders.revealedAt} is null`));
  }
  return {
    selectedPrizes: order.selectedPrizes,
    challengeWon: order.challengeWon,
    challengeAlphabet: order.challengeAlphabet,
    challengeRemainingTickets: order.challengeRemainingTickets,
    ticketsToDraw: order.lotteryEnabled ? 0 : order.numberOfTickets,
  };
}

/** POST /api/prize/fetch-prizes: the product's prizes among `selectedPrizes`, with how many of each. */
async function fetchPrizes(
  env: OrdersEnv,
  productId: string,
  selectedPrizes: string[],
): Promise<{ prizes: WonPrize[] }> {
  const rows = await env.deps.catalogue.prizesOfProduct(env.ctx.db, productId);
  if (rows.length === 0) throw notFound('Product not found');
  const counts = new Map<string, number>();
  for (const rank of selectedPrizes) counts.set(rank, (counts.get(rank) ?? 0) + 1);
  const byRank = new Map(rows.map((p) => [p.letter, p]));
  const prizes = sortPrizeRanks([...counts.keys()].filter((rank) => byRank.has(rank))).map((rank) => {
    const p = byRank.get(rank)!;
    return {
      id: p.id,
      name: p.name,
      rank: p.letter,
      description: p.description,
      image: p.image,
      type: p.type,
      quantity: counts.get(rank)!,
    };
  });
  // Keep the Last Prize last even among double-chance ranks.
  prizes.sort((a, b) => Number(a.rank === LAST_RANK) - Number(b.rank === LAST_RANK));
  return { prizes };
}

/** GET /api/order/user/{username}: the caller's paid orders, newest first (another name: 403). */
async function userOrders(env: OrdersEnv, user: Principal, username: string): Promise<UserOrdersResponse> {
  if (username.trim().toLowerCase() !== user.username.toLowerCase()) throw forbidden(ACCESS_DENIED_MESSAGE);
  const rows = await env.ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, user.id), eq(orders.status, 'paid')))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return { orders: rows.map(orderView) };
}

/** The shopper's read views of their orders (docs/rules/buying.md, fairness.md). */
export function createOrderViews(env: OrdersEnv) {
  const own = (user: Principal, orderId: string): Promise<KujiOrder> => ownOrder(env.ctx.db, user, orderId);
  return {
    checkTickets: (user: Principal, input: CheckTicketsRequest) => checkTickets(env, user, input),
    ownOrder: own,
    /** When the order's reserved tickets go back; null once it no longer holds any (cancelled, replaced, refunded). */
    async reservation(user: Principal, orderId: string): Promise<{ expiresAt: string | null }> {
      const order = await own(user, orderId);
      const holds = order.status === 'pending' || order.status === 'paid';
      return { expiresAt: holds ? (order.reservationExpiresAt?.toISOString() ?? null) : null };
    },
    total: async (user: Principal, orderId: string) => ({ totalCost: (await own(user, orderId)).totalCost }),
    paymentStatus: (user: Principal, orderId: string) => paymentStatus(env, user, orderId),
    verify: async (user: Principal, orderId: string) => ({ success: (await own(user, orderId)).status === 'paid' }),
    draw: (user: Principal, orderId: string) => draw(env, user, orderId),
    async prizesOfOrder(user: Principal, orderId: string): Promise<{ selectedPrizes: string[] }> {
      const order = await own(user, orderId);
      return { selectedPrizes: order.status === 'paid' ? order.selectedPrizes : [] };
    },
    fetchPrizes: (productId: string, selectedPrizes: string[]) => fetchPrizes(env, productId, selectedPrizes),
    userOrders: (user: Principal, username: string) => userOrders(env, user, username),
    /** POST /api/order/{orderId}: a paid order with its fairness receipt (docs/rules/fairness.md). */
    async orderDetails(user: Principal, orderId: string): Promise<OrderDetailsResponse> {
      const order = await paidOrderOf(env, user, orderId);
      return { ...orderView(order), receipt: await env.deps.fairness.receiptForOrder(env.ctx.db, order.id) };
    },
    /** The caller's paid order, or the same 403/404 as the details. */
    paidOrderOf: (user: Principal, orderId: string) => paidOrderOf(env, user, orderId),
  };
}

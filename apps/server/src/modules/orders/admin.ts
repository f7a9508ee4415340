import { and, count, desc, eq, gte, ilike, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE, type AdminOrderRow, type AdminOrdersQuery, type DashboardWindow } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import { orders } from './tables.ts';

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const adminOrderRow = (row: typeof orders.$inferSelect): AdminOrderRow => ({
  _id: row.id,
  orderId: row.id,
  productName: row.productName,
  numberOfTickets: row.numberOfTickets,
  totalCost: row.totalCost,
  selectedPrizes: row.selectedPrizes,
  username: row.username,
  tokenTotalValue: row.paymentMethod === 'token' ? row.totalCost : 0,
  lotteryEnabled: row.lotteryEnabled,
  paid: row.status === 'paid',
  paymentIntentId: row.paymentIntentId,
  createdAt: row.createdAt.toISOString(),
});

/** The back office's orders table: filtered, searched, newest first, one page. */
async function adminOrders(
  ctx: AppContext,
  query: AdminOrdersQuery,
): Promise<{ orders: AdminOrderRow[]; totalPages: number }> {
  const filters: SQL[] = [];
  if (query.lottery !== 'all') filters.push(eq(orders.lotteryEnabled, query.lottery === 'enabled'));
  if (query.paid === 'yes') filters.push(eq(orders.status, 'paid'));
  if (query.paid === 'no') filters.push(sql`${orders.status} <> 'paid'`);
  if (query.search) {
    const pattern = likePattern(query.search);
    const byText = or(ilike(orders.username, pattern), ilike(orders.productName, pattern))!;
    filters.push(UUID.test(query.search) ? or(eq(orders.id, query.search), byText)! : byText);
  }
  const where = filters.length ? and(...filters) : undefined;
  const [{ total }] = (await ctx.db.select({ total: count() }).from(orders).where(where)) as [{ total: number }];
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((query.page - 1) * ADMIN_PAGE_SIZE);
  return {
    orders: rows.map(adminOrderRow),
    totalPages: Math.ceil(Number(total) / ADMIN_PAGE_SIZE),
  };
}

/** Paid orders since `from`: figures of one dashboard window. Uses orders_paid_idx (status, paid_at). */
async function windowFigures(
  ctx: AppContext,
  from: Date,
): Promise<Pick<DashboardWindow, 'tokensSpent' | 'ticketsSold' | 'orders'>> {
  const [row] = await ctx.db
    .select({
      tokensSpent: sql<number>`coalesce(sum(${orders.totalCost}) filter (where ${orders.paymentMethod} = 'token'), 0)::int`,
      ticketsSold: sql<number>`coalesce(sum(${orders.numberOfTickets}), 0)::int`,
      orders: sql<number>`count(*)::int`,
    })
    .from(orders)
    .where(and(eq(orders.status, 'paid'), gte(orders.paidAt, from)));
  return {
    tokensSpent: Number(row?.tokensSpent ?? 0),
    ticketsSold: Number(row?.ticketsSold ?? 0),
    orders: Number(row?.orders ?? 0),
  };
}

/**
 * Demo data only: spreads the given paid orders over the past `days` days (created and paid the
 * same moment), so a fresh demo shop's dashboard has a few weeks of history.
 */
async function spreadForDemo(ctx: AppContext, orderIds: string[], days: number): Promise<void> {
  const now = ctx.clock.now().getTime();
  for (const [index, orderId] of orderIds.entries()) {
    const at = new Date(now - ((index * 7919) % (days * 24)) * 60 * 60 * 1000);
    await ctx.db
      .update(orders)
      .set({ createdAt: at, paidAt: at })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'paid')));
  }
}

/** Tokens spent on paid orders per Singapore calendar day since `from` (card money is the payments module's). */
async function dailyTokensSpent(ctx: AppContext, from: Date): Promise<{ day: string; tokensSpent: number }[]> {
  const day = sql<string>`to_char(${orders.paidAt} at time zone 'Asia/Singapore', 'YYYY-MM-DD')`;
  const rows = await ctx.db
    .select({
      day,
      tokensSpent: sql<number>`coalesce(sum(${orders.totalCost}) filter (where ${orders.paymentMethod} = 'token'), 0)::int`,
    })
    .from(orders)
    .where(and(eq(orders.status, 'paid'), gte(orders.paidAt, from)))
    .groupBy(day)
    .orderBy(day);
  return rows.map((r) => ({ day: r.day, tokensSpent: Number(r.tokensSpent) }));
}

/**
 * The products with most tickets sold since `from`, one row per product (two sets may share a
 * name), with the SKU of its latest paid order to tell them apart.
 */
async function topSets(
  ctx: AppContext,
  from: Date,
  limit: number,
): Promise<{ productId: string; productName: string; sku: string; ticketsSold: number }[]> {
  const sold = sql<number>`sum(${orders.numberOfTickets})::int`;
  const rows = await ctx.db
    .select({
      productId: orders.productId,
      productName: sql<string>`(array_agg(${orders.productName} order by ${orders.paidAt} desc))[1]`,
      sku: sql<string>`(array_agg(${orders.sku} order by ${orders.paidAt} desc))[1]`,
      ticketsSold: sold,
    })
    .from(orders)
    .where(and(eq(orders.status, 'paid'), gte(orders.paidAt, from)))
    .groupBy(orders.productId)
    .orderBy(desc(sold), orders.productId)
    .limit(limit);
  return rows.map((r) => ({
    productId: r.productId,
    productName: r.productName,
    sku: r.sku,
    ticketsSold: Number(r.ticketsSold),
  }));
}

/** The back office's orders: the paged table and the dashboard's figures (docs/rules/back-office.md). */
export function createOrdersAdmin(ctx: AppContext) {
  return {
    adminOrders: (query: AdminOrdersQuery) => adminOrders(ctx, query),
    windowFigures: (from: Date) => windowFigures(ctx, from),
    spreadForDemo: (orderIds: string[], days: number) => spreadForDemo(ctx, orderIds, days),
    dailyTokensSpent: (from: Date) => dailyTokensSpent(ctx, from),
    topSets: (from: Date, limit = 5) => topSets(ctx, from, limit),
  };
}

import { z } from 'zod';

/**
 * Card money of a window in cents (docs/rules/back-office.md): every card payment that succeeded in it,
 * by what it paid for, and the card refunds made in it. `netCents` = the three kinds − refunds.
 */
export const cardRevenueSchema = z.object({
  ticketsCents: z.number().int(),
  tokenPackagesCents: z.number().int(),
  shippingCents: z.number().int(),
  refundsCents: z.number().int(),
  netCents: z.number().int(),
});
export type CardRevenue = z.infer<typeof cardRevenueSchema>;

export const dashboardWindowSchema = z.object({
  /** Card revenue: `cardRevenue.netCents`. */
  revenueCents: z.number().int(),
  cardRevenue: cardRevenueSchema,
  tokensSpent: z.number().int(),
  ticketsSold: z.number().int(),
  orders: z.number().int(),
  newShoppers: z.number().int(),
});
export type DashboardWindow = z.infer<typeof dashboardWindowSchema>;

export const adminDashboardSchema = z.object({
  today: dashboardWindowSchema,
  last7Days: dashboardWindowSchema,
  last30Days: dashboardWindowSchema,
  sellThrough: z.array(
    z.object({
      setId: z.string(),
      productName: z.string(),
      sku: z.string(),
      sold: z.number().int(),
      total: z.number().int(),
    }),
  ),
  queue: z.object({
    shipmentsToPack: z.number().int(),
    collectionsThisWeek: z.number().int(),
    itemsForfeitingIn3Days: z.number().int(),
  }),
  /** Per Singapore day: net card revenue (S$ cents) and tokens spent (tokens), two units on two axes. */
  dailyRevenue: z.array(z.object({ day: z.string(), revenueCents: z.number().int(), tokensSpent: z.number().int() })),
  /** One row per product (two sets may share a name): its id and current round's SKU tell them apart. */
  topSets: z.array(
    z.object({ productId: z.string(), productName: z.string(), sku: z.string(), ticketsSold: z.number().int() }),
  ),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

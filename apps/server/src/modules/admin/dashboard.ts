import { DAY_MS, type AdminDashboard, type CardRevenue } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import { SHIPPING_PURPOSE, type FulfilmentService } from '../fulfilment/service.ts';
import type { InventoryService } from '../inventory/service.ts';
import { KUJI_ORDER, type OrdersService } from '../orders/service.ts';
import type { CardTakings, PaymentsService } from '../payments/service.ts';
import { TOKEN_PURCHASE } from '../token-shop/service.ts';

/** Singapore midnight of the day `at` falls on, as a UTC instant. */
function singaporeDayStart(at: Date): Date {
  const offset = 8 * 60 * 60 * 1000;
  return new Date(Math.floor((at.getTime() + offset) / DAY_MS) * DAY_MS - offset);
}

/** What each card payment purpose counts as on the dashboard (docs/rules/back-office.md). */
const REVENUE_KIND: Record<string, keyof Omit<CardRevenue, 'refundsCents' | 'netCents'>> = {
  [KUJI_ORDER]: 'ticketsCents',
  [TOKEN_PURCHASE]: 'tokenPackagesCents',
  [SHIPPING_PURPOSE]: 'shippingCents',
};

/** A window's card revenue: succeeded payments by kind, minus the refunds made in it. */
function cardRevenueOf(takings: readonly CardTakings[]): CardRevenue {
  const revenue: CardRevenue = {
    ticketsCents: 0,
    tokenPackagesCents: 0,
    shippingCents: 0,
    refundsCents: 0,
    netCents: 0,
  };
  for (const row of takings) {
    const kind = REVENUE_KIND[row.purpose];
    if (kind) revenue[kind] += row.succeededCents;
    revenue.refundsCents += row.refundedCents;
    revenue.netCents += row.succeededCents - row.refundedCents;
  }
  return revenue;
}

/** The chart's days: net card cents and tokens spent, each day that has either. */
function dailyFigures(
  card: readonly (CardTakings & { day: string })[],
  tokens: readonly { day: string; tokensSpent: number }[],
) {
  const days = new Map<string, { day: string; revenueCents: number; tokensSpent: number }>();
  const dayOf = (day: string) => days.get(day) ?? days.set(day, { day, revenueCents: 0, tokensSpent: 0 }).get(day)!;
  for (const row of card) dayOf(row.day).revenueCents += row.succeededCents - row.refundedCents;
  for (const row of tokens) dayOf(row.day).tokensSpent += row.tokensSpent;
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}

interface DashboardDeps {
  catalogue: CatalogueService;
  orders: OrdersService;
  fulfilment: FulfilmentService;
  inventory: InventoryService;
  accounts: AccountsService;
  payments: PaymentsService;
}

/** GET /api/admin/dashboard (docs/rules/back-office.md): takings, sales, the fulfilment queue and the chart. */
export function createDashboard(ctx: AppContext, deps: DashboardDeps) {
  const { catalogue, orders, fulfilment, inventory, accounts, payments } = deps;

  const windowOf = async (from: Date) => {
    const cardRevenue = cardRevenueOf(await payments.takingsSince(from));
    return {
      revenueCents: cardRevenue.netCents,
      cardRevenue,
      ...(await orders.windowFigures(from)),
      newShoppers: await accounts.countNewUsers(from),
    };
  };

  return {
    async dashboard(): Promise<AdminDashboard> {
      const now = ctx.clock.now();
      const today = singaporeDayStart(now);
      const from7 = new Date(today.getTime() - 6 * DAY_MS);
      const from30 = new Date(today.getTime() - 29 * DAY_MS);
      const weekEnd = new Date(today.getTime() + 7 * DAY_MS);
      const queue = await fulfilment.queueCounts(now, weekEnd);
      return {
        today: await windowOf(today),
        last7Days: await windowOf(from7),
        last30Days: await windowOf(from30),
        sellThrough: await catalogue.liveSellThrough(),
        queue: {
          ...queue,
          itemsForfeitingIn3Days: await inventory.unitsDueBetween(now, new Date(now.getTime() + 3 * DAY_MS)),
        },
        dailyRevenue: dailyFigures(await payments.dailyTakingsSince(from30), await orders.dailyTokensSpent(from30)),
        topSets: await orders.topSets(from30),
      };
    },
  };
}

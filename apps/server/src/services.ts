import type { AppContext } from './core/context.ts';
import { createMediaService } from './modules/media/service.ts';
import { createCatalogueService, createListingChanges, createRoundsService } from './modules/catalogue/service.ts';
import { createStockService } from './modules/stock/service.ts';
import { createAnalyticsService } from './modules/analytics/service.ts';
import { createPaymentsService } from './modules/payments/service.ts';
import { createWalletService } from './modules/wallet/service.ts';
import { createTokenShopService } from './modules/token-shop/service.ts';
import { createFairnessService } from './modules/fairness/service.ts';
import { buyerNames } from './modules/orders/buyer-names.ts';
import { createMailService } from './modules/mail/service.ts';
import { createAccountsService, type Sessions } from './modules/accounts/service.ts';
import { createTwoFactorService } from './modules/two-factor/service.ts';
import { createInventoryService } from './modules/inventory/service.ts';
import { createNotificationsService } from './modules/notifications/service.ts';
import { createFavouritesService } from './modules/favourites/service.ts';
import { createOrdersService } from './modules/orders/service.ts';
import { createLiveService } from './modules/live/service.ts';
import { createFulfilmentService } from './modules/fulfilment/service.ts';
import { createAuditService } from './modules/audit/service.ts';
import { createAdminService } from './modules/admin/service.ts';
import { createTradingService } from './modules/trading/service.ts';
import { createShopOpsService, createShopSettingsService } from './modules/shop-ops/service.ts';
import { createAnnouncementsService } from './modules/announcements/service.ts';
import { createJobsAdminService } from './modules/jobs/service.ts';
import { createHealthService } from './modules/health/service.ts';
import { createIdempotencyService } from './modules/idempotency/service.ts';
import { createDropAlertsService } from './modules/drop-alerts/service.ts';
import { createDropMonitorService } from './modules/drop-monitor/service.ts';
import { createDropsService } from './modules/drops/service.ts';
import { createPushService } from './modules/push/service.ts';
import { createPersonalDataService } from './modules/personal-data/service.ts';

/**
 * Infrastructure-like services first: images, the mail queue, the audit log (account, package, promo
 * and announcement changes are recorded in it) and the event counters; then accounts, the shop's
 * settings, the live sockets and the notifications every later stage sends through.
 */
function createFoundation(ctx: AppContext, built: { sessions: Sessions }) {
  const media = createMediaService(ctx);
  const mail = createMailService(ctx);
  // Web Push: devices, toggles and the push outbox the notifications queue into.
  const push = createPushService(ctx);
  const audit = createAuditService(ctx);
  const analytics = createAnalyticsService(ctx);
  // The admin login's second step (docs/rules/two-factor.md): accounts asks it, it knows no accounts.
  const twoFactor = createTwoFactorService(ctx, { audit });
  const accounts = createAccountsService(ctx, {
    mail,
    media,
    audit,
    sessions: built.sessions,
    secondFactor: twoFactor,
  });
  // The shop's settings (pickup point, labels' sender) are read by fulfilment and the back office.
  const shopSettings = createShopSettingsService(ctx, { audit });
  const live = createLiveService(ctx, { accounts });
  const notifications = createNotificationsService(ctx, { accounts, mail, push, live });
  // The Idempotency-Key claims of the money calls (their purge; the hooks are in app.ts).
  const idempotency = createIdempotencyService(ctx);
  return { media, mail, push, audit, analytics, twoFactor, accounts, shopSettings, live, notifications, idempotency };
}
type Foundation = ReturnType<typeof createFoundation>;

/**
 * The catalogue and its stock: the rounds (lock, counters) come first and tell the listing's cache of
 * changes; stock draws from them; the catalogue fills a new round's box in stock.
 */
function createCatalogueStage(ctx: AppContext, { live }: Foundation) {
  const listingChanges = createListingChanges({ redisUrl: ctx.config.redisUrl, log: ctx.log });
  // A round's ticket changes also move its live prize board (docs/rules/drops.md).
  const rounds = createRoundsService(ctx, { listingChanges, boardChanged: live.boardChanged });
  const stock = createStockService(ctx, { rounds });
  const catalogue = createCatalogueService(ctx, { rounds, stock, listingChanges });
  // Fairness names a ticket's buyer from the orders table (masked), without the orders service.
  const fairness = createFairnessService(ctx, { catalogue, stock, buyerNames });
  const favourites = createFavouritesService(ctx, { catalogue });
  return { catalogue, stock, fairness, favourites };
}
type CatalogueStage = ReturnType<typeof createCatalogueStage>;

/**
 * Drop day (docs/rules/drops.md): the waiting room, which orders ask before each purchase; then the
 * live boards' source, the refused purchases' counts and the owner's drop monitor, which reads the room.
 */
function createDropsStage(ctx: AppContext, { live }: Foundation, { catalogue, stock }: CatalogueStage) {
  const drops = createDropsService(ctx, { catalogue, live });
  const dropMonitor = createDropMonitorService(ctx, { catalogue, stock, live, roomStats: drops.roomStats });
  return { drops, dropMonitor };
}
type DropStage = ReturnType<typeof createDropsStage>;

/** Money: payments first; purposes (token purchases, orders, shipping) register their handlers on it. */
function createMoney(ctx: AppContext, { live, analytics, notifications, audit }: Foundation) {
  const payments = createPaymentsService(ctx);
  const wallet = createWalletService(ctx, { live });
  const tokenShop = createTokenShopService(ctx, { payments, wallet, analytics, notifications, audit });
  return { payments, wallet, tokenShop };
}
type Money = ReturnType<typeof createMoney>;

/** Purchases, what they leave in the shopper's inventory, and what happens to it afterwards. */
function createPurchases(
  ctx: AppContext,
  foundation: Foundation,
  catalogueStage: CatalogueStage,
  dropStage: DropStage,
  money: Money,
) {
  const { accounts, notifications, live, shopSettings } = foundation;
  const { catalogue, stock, fairness } = catalogueStage;
  const { payments, wallet } = money;
  const inventory = createInventoryService(ctx, { catalogue, notifications });
  const orders = createOrdersService(ctx, {
    catalogue,
    stock,
    fairness,
    wallet,
    inventory,
    notifications,
    payments,
    live,
    // Drop day (docs/rules/drops.md): the waiting room admits, the drop monitor counts refusals.
    admission: dropStage.drops.admission,
    purchaseRefusals: dropStage.dropMonitor.purchaseRefusals,
  });
  const fulfilment = createFulfilmentService(ctx, {
    inventory,
    payments,
    accounts,
    notifications,
    orders,
    pickupPoint: shopSettings.pickupPoint,
  });
  const trading = createTradingService(ctx, { inventory, catalogue, accounts, notifications });
  return { inventory, orders, fulfilment, trading };
}
type Purchases = ReturnType<typeof createPurchases>;

/** The back office on top of everything. */
function createBackOffice(
  ctx: AppContext,
  foundation: Foundation,
  catalogueStage: CatalogueStage,
  money: Money,
  after: Purchases,
) {
  const { audit, accounts, media, notifications } = foundation;
  const { payments, wallet, tokenShop } = money;
  const { inventory, orders, fulfilment, trading } = after;
  const admin = createAdminService(ctx, {
    audit,
    catalogue: catalogueStage.catalogue,
    orders,
    fulfilment,
    inventory,
    accounts,
    media,
    notifications,
    payments,
  });
  const shopOps = createShopOpsService(ctx, {
    accounts,
    wallet,
    tokenShop,
    orders,
    inventory,
    fulfilment,
    trading,
    audit,
  });
  const announcements = createAnnouncementsService(ctx, { audit });
  // The background jobs' dead letters (the queue itself is `ctx.jobs`; its registry is src/jobs/).
  const jobsAdmin = createJobsAdminService(ctx, { audit });
  return { admin, shopOps, announcements, jobsAdmin };
}

/**
 * The composition root of the domain (docs/architecture.md): every service, built once, in dependency
 * order, from the context and the services it uses; read top to bottom (stage by stage above) it is
 * the whole graph. Every dependency is passed at construction: nothing is wired afterwards. `sessions`
 * (the accounts' session check) is built with the context in app.ts, since the token service checks
 * every request with it.
 */
export function createServices(ctx: AppContext, built: { sessions: Sessions }) {
  const foundation = createFoundation(ctx, built);
  const catalogueStage = createCatalogueStage(ctx, foundation);
  const dropStage = createDropsStage(ctx, foundation, catalogueStage);
  const money = createMoney(ctx, foundation);
  const purchases = createPurchases(ctx, foundation, catalogueStage, dropStage, money);
  const backOffice = createBackOffice(ctx, foundation, catalogueStage, money, purchases);
  // "Notify me" of a set's opening: reads the catalogue's rounds, sends through the notifications.
  const dropAlerts = createDropAlertsService(ctx, {
    catalogue: catalogueStage.catalogue,
    notifications: foundation.notifications,
    favourites: catalogueStage.favourites,
  });
  // Personal data (PDPA): the export and the account deletion, through every facade holding a part of it.
  const personalData = createPersonalDataService(ctx, {
    ...foundation,
    fairness: catalogueStage.fairness,
    wallet: money.wallet,
    ...purchases,
  });
  // Liveness and readiness for the load balancer; the drain (server.ts) marks it draining.
  const health = createHealthService(ctx);
  return {
    ...foundation,
    ...catalogueStage,
    ...dropStage,
    ...money,
    ...purchases,
    ...backOffice,
    dropAlerts,
    personalData,
    health,
  };
}
export type Services = ReturnType<typeof createServices>;

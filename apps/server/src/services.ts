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

/**
 * The composition root of the domain (docs/architecture.md): every service, built once, in dependency
 * order, from the context and the services it uses; read top to bottom it is the whole graph. Every
 * dependency is passed at construction: nothing is wired afterwards. `sessions` (the accounts' session
 * check) is built with the context in app.ts, since the token service checks every request with it.
 */
export function createServices(ctx: AppContext, built: { sessions: Sessions }) {
  // Infrastructure-like services first: images, the mail queue, the audit log (account, package,
  // promo and announcement changes are recorded in it) and the event counters.
  const media = createMediaService(ctx);
  const mail = createMailService(ctx);
  const audit = createAuditService(ctx);
  const analytics = createAnalyticsService(ctx);
  const accounts = createAccountsService(ctx, { mail, media, audit, sessions: built.sessions });
  // The shop's settings (pickup point, labels' sender) are read by fulfilment and the back office.
  const shopSettings = createShopSettingsService(ctx, { audit });
  const live = createLiveService(ctx, { accounts });
  const notifications = createNotificationsService(ctx, { accounts, mail, live });

  // The catalogue and its stock: the rounds (lock, counters) come first and tell the listing's cache
  // of changes; stock draws from them; the catalogue fills a new round's box in stock.
  const listingChanges = createListingChanges({ redisUrl: ctx.config.redisUrl, log: ctx.log });
  const rounds = createRoundsService(ctx, { listingChanges });
  const stock = createStockService(ctx, { rounds });
  const catalogue = createCatalogueService(ctx, { rounds, stock, listingChanges });
  // Fairness names a ticket's buyer from the orders table (masked), without the orders service.
  const fairness = createFairnessService(ctx, { catalogue, stock, buyerNames });
  const favourites = createFavouritesService(ctx, { catalogue });

  // Money: payments first; purposes (token purchases, orders, shipping) register their handlers on it.
  const payments = createPaymentsService(ctx);
  const wallet = createWalletService(ctx, { live });
  const tokenShop = createTokenShopService(ctx, { payments, wallet, analytics, notifications, audit });

  // Purchases, what they leave in the shopper's inventory, and what happens to it afterwards.
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

  // The back office on top of everything.
  const admin = createAdminService(ctx, {
    audit,
    catalogue,
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

  return {
    ...{ media, mail, audit, analytics, accounts, shopSettings, live, notifications },
    ...{ catalogue, stock, fairness, favourites, payments, wallet, tokenShop },
    ...{ inventory, orders, fulfilment, trading, admin, shopOps, announcements, jobsAdmin },
  };
}
export type Services = ReturnType<typeof createServices>;

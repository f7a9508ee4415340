import type { AppContext } from './core/context.ts';
import { createMediaService, type MediaService } from './modules/media/service.ts';
import { createRoundsService } from './modules/catalogue/rounds.ts';
import { createCatalogueService, type CatalogueService } from './modules/catalogue/service.ts';
import { createStockService, type StockService } from './modules/stock/service.ts';
import { createAnalyticsService, type AnalyticsService } from './modules/analytics/service.ts';
import { createPaymentsService, type PaymentsService } from './modules/payments/service.ts';
import { createWalletService, type WalletService } from './modules/wallet/service.ts';
import { createTokenShopService, type TokenShopService } from './modules/token-shop/service.ts';
import { createFairnessService, type FairnessService } from './modules/fairness/service.ts';
import { createMailService, type MailService } from './modules/mail/service.ts';
import { createAccountsService, type AccountsService } from './modules/accounts/service.ts';
import { createInventoryService, type InventoryService } from './modules/inventory/service.ts';
import { createNotificationsService, type NotificationsService } from './modules/notifications/service.ts';
import { createFavouritesService, type FavouritesService } from './modules/favourites/service.ts';
import { createOrdersService, type OrdersService } from './modules/orders/service.ts';
import { createLiveService, type LiveService } from './modules/live/service.ts';
import { createFulfilmentService, type FulfilmentService } from './modules/fulfilment/service.ts';
import { createAuditService, type AuditService } from './modules/audit/service.ts';
import { createAdminService, type AdminService } from './modules/admin/service.ts';
import { createTradingService, type TradingService } from './modules/trading/service.ts';
import { createShopOpsService, createShopSettingsService, type ShopOpsService, type ShopSettingsService } from './modules/shop-ops/service.ts';
import { createAnnouncementsService, type AnnouncementsService } from './modules/announcements/service.ts';
import { createJobsAdminService, type JobsAdminService } from './modules/jobs/service.ts';

/**
 * The composition root of the domain services. Each module adds its service here, built from the
 * context and the services it depends on (a module talks to another only through its service).
 */
export interface Services {
  media: MediaService;
  catalogue: CatalogueService;
  stock: StockService;
  analytics: AnalyticsService;
  payments: PaymentsService;
  wallet: WalletService;
  tokenShop: TokenShopService;
  fairness: FairnessService;
  mail: MailService;
  accounts: AccountsService;
  notifications: NotificationsService;
  favourites: FavouritesService;
  inventory: InventoryService;
  orders: OrdersService;
  live: LiveService;
  fulfilment: FulfilmentService;
  audit: AuditService;
  admin: AdminService;
  trading: TradingService;
  shopOps: ShopOpsService;
  shopSettings: ShopSettingsService;
  announcements: AnnouncementsService;
  /** The background jobs' dead letters (the queue itself is `ctx.jobs`; its registry is src/jobs/). */
  jobsAdmin: JobsAdminService;
}

export function createServices(ctx: AppContext): Services {
  const media = createMediaService(ctx);
  const mail = createMailService(ctx);
  // The audit log first: account, package, promo and announcement changes are recorded in it.
  const audit = createAuditService(ctx);
  const accounts = createAccountsService(ctx, { mail, media, audit });
  // The shop's settings (pickup point, labels' sender) are read by fulfilment and the back office.
  const shopSettings = createShopSettingsService(ctx, { audit });
  const live = createLiveService(ctx, { accounts });
  // Stock needs the round lock and nonces; the catalogue needs stock's box and availability.
  const rounds = createRoundsService(ctx);
  const stock = createStockService(ctx, rounds);
  const catalogue = createCatalogueService(ctx, { rounds, stock });
  const fairness = createFairnessService(ctx, { catalogue, stock });
  // Payments first: purposes (token purchases, orders, shipping) register their handlers on it.
  const analytics = createAnalyticsService(ctx);
  const notifications = createNotificationsService(ctx, { accounts, mail, live });
  const favourites = createFavouritesService(ctx, { catalogue });
  const payments = createPaymentsService(ctx);
  const wallet = createWalletService(ctx, { live });
  const tokenShop = createTokenShopService(ctx, { payments, wallet, analytics, notifications, audit });
  const inventory = createInventoryService(ctx, { catalogue, notifications });
  const orders = createOrdersService(ctx, { catalogue, stock, fairness, wallet, inventory, notifications, payments, live });
  const fulfilment = createFulfilmentService(ctx, { inventory, payments, accounts, notifications, orders, pickupPoint: shopSettings.pickupPoint });
  const admin = createAdminService(ctx, { audit, catalogue, orders, fulfilment, inventory, accounts, media, notifications, payments });
  const trading = createTradingService(ctx, { inventory, catalogue, accounts, notifications });
  const shopOps = createShopOpsService(ctx, { accounts, wallet, tokenShop, orders, inventory, fulfilment, trading, audit });
  const announcements = createAnnouncementsService(ctx, { audit });
  const jobsAdmin = createJobsAdminService(ctx, { audit });
  return { jobsAdmin, shopOps, shopSettings, announcements, audit, admin, media, catalogue, stock, analytics, payments, wallet, tokenShop, fairness, mail, accounts, notifications, favourites, inventory, orders, live, fulfilment, trading };
}

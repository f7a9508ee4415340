import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './core/context.ts';
import type { Services } from './services.ts';
import { mediaRoutes } from './modules/media/routes.ts';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import { paymentsRoutes } from './modules/payments/routes.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import { tokenShopRoutes } from './modules/token-shop/routes.ts';
import { fairnessRoutes } from './modules/fairness/routes.ts';
import { mailRoutes } from './modules/mail/routes.ts';
import { accountsRoutes } from './modules/accounts/routes.ts';
import { adminAccountRoutes } from './modules/accounts/admin-routes.ts';
import { sessionRoutes } from './modules/accounts/session-routes.ts';
import { twoFactorRoutes } from './modules/two-factor/routes.ts';
import { ordersRoutes } from './modules/orders/routes.ts';
import { notificationsRoutes } from './modules/notifications/routes.ts';
import { favouritesRoutes } from './modules/favourites/routes.ts';
import { analyticsRoutes } from './modules/analytics/routes.ts';
import { liveRoutes } from './modules/live/routes.ts';
import { inventoryRoutes } from './modules/inventory/routes.ts';
import { fulfilmentRoutes } from './modules/fulfilment/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { tradingRoutes } from './modules/trading/routes.ts';
import { shopOpsRoutes } from './modules/shop-ops/routes.ts';
import { announcementsRoutes } from './modules/announcements/routes.ts';
import { jobsRoutes } from './modules/jobs/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { dropAlertsRoutes } from './modules/drop-alerts/routes.ts';
import { dropMonitorRoutes } from './modules/drop-monitor/routes.ts';
import { dropsRoutes } from './modules/drops/routes.ts';
import { pushRoutes } from './modules/push/routes.ts';
import { personalDataRoutes } from './modules/personal-data/routes.ts';

export interface RouteDeps {
  ctx: AppContext;
  services: Services;
}
/** A module's routes: registered under /api with the shared context and services. */
export type ModuleRoutes = (app: ApiScope, deps: RouteDeps) => Promise<void> | void;
/** The Fastify scope a module registers on: typed by the zod schemas each route declares. */
export type ApiScope = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

// Each module's routes, in one list.
const moduleRoutes: ModuleRoutes[] = [
  mediaRoutes,
  catalogueRoutes,
  paymentsRoutes,
  walletRoutes,
  tokenShopRoutes,
  fairnessRoutes,
  mailRoutes,
  accountsRoutes,
  sessionRoutes,
  adminAccountRoutes,
  twoFactorRoutes,
  notificationsRoutes,
  favouritesRoutes,
  analyticsRoutes,
  ordersRoutes,
  inventoryRoutes,
  fulfilmentRoutes,
  auditRoutes,
  adminRoutes,
  tradingRoutes,
  shopOpsRoutes,
  announcementsRoutes,
  jobsRoutes,
  dropAlertsRoutes,
  dropMonitorRoutes,
  dropsRoutes,
  pushRoutes,
  personalDataRoutes,
];
const rootRoutes: ModuleRoutes[] = [liveRoutes, healthRoutes];

export async function registerApiRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  for (const routes of moduleRoutes) {
    await app.register(async (scope) => routes(scope.withTypeProvider<ZodTypeProvider>(), deps), { prefix: '/api' });
  }
  // Served at the root of the shop's port, outside /api: the live socket /ws and the probes /healthz, /readyz.
  for (const routes of rootRoutes) {
    await app.register(async (scope) => routes(scope.withTypeProvider<ZodTypeProvider>(), deps));
  }
}

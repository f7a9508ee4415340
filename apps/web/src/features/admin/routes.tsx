import { Navigate, type RouteObject } from 'react-router';

/**
 * The back office (its own lazily loaded chunks). Everything under /admin except /admin/login is
 * behind the admin guard; later admin pages go into the guarded route's children.
 */
export const adminRoutes: RouteObject[] = [
  {
    path: 'admin/login',
    lazy: async () => ({ Component: (await import('./components/AdminLoginPage')).AdminLoginPage }),
  },
  // The invited admin's one-time link: outside the guard (they have no session yet).
  {
    path: 'admin/set-password/:token',
    lazy: async () => ({
      Component: (await import('./components/shop-ops/AdminSetPasswordPage')).AdminSetPasswordPage,
    }),
  },
  {
    path: 'admin',
    lazy: async () => ({ Component: (await import('./components/RequireAdmin')).RequireAdmin }),
    children: [
      { index: true, element: <Navigate to="/admin/menu" replace /> },
      { path: 'menu', lazy: async () => ({ Component: (await import('./components/AdminMenuPage')).AdminMenuPage }) },
      { path: 'products', lazy: async () => ({ Component: (await import('./components/ProductsPage')).ProductsPage }) },
      {
        path: 'add-product',
        lazy: async () => ({ Component: (await import('./components/AddProductPage')).AddProductPage }),
      },
      {
        path: 'product/:id',
        lazy: async () => ({ Component: (await import('./components/ProductDetailPage')).ProductDetailPage }),
      },
      { path: 'orders', lazy: async () => ({ Component: (await import('./components/OrdersPage')).OrdersPage }) },
      {
        path: 'orders/:orderId',
        lazy: async () => ({ Component: (await import('./components/AdminOrderPage')).AdminOrderPage }),
      },
      {
        path: 'selfcollect',
        lazy: async () => ({ Component: (await import('./components/SelfCollectPage')).SelfCollectPage }),
      },
      {
        path: 'shipments',
        lazy: async () => ({ Component: (await import('./components/ShipmentsPage')).ShipmentsPage }),
      },
      {
        path: 'inventory-lookup',
        lazy: async () => ({ Component: (await import('./components/InventoryLookupPage')).InventoryLookupPage }),
      },
      {
        path: 'token-packages',
        lazy: async () => ({ Component: (await import('./components/shop-ops/TokenPackagesPage')).TokenPackagesPage }),
      },
      {
        path: 'promo-codes',
        lazy: async () => ({ Component: (await import('./components/shop-ops/PromoCodesPage')).PromoCodesPage }),
      },
      {
        path: 'shoppers',
        lazy: async () => ({ Component: (await import('./components/shop-ops/ShoppersPage')).ShoppersPage }),
      },
      {
        path: 'shoppers/:shopperId',
        lazy: async () => ({ Component: (await import('./components/shop-ops/ShopperPage')).ShopperPage }),
      },
      {
        path: 'admins',
        lazy: async () => ({ Component: (await import('./components/shop-ops/AdminsPage')).AdminsPage }),
      },
      {
        path: 'account',
        lazy: async () => ({ Component: (await import('./components/shop-ops/AdminAccountPage')).AdminAccountPage }),
      },
      { path: 'jobs', lazy: async () => ({ Component: (await import('./components/JobsPage')).JobsPage }) },
      {
        path: 'audit-log',
        lazy: async () => ({ Component: (await import('./components/AuditLogPage')).AuditLogPage }),
      },
      {
        path: 'settings',
        lazy: async () => ({ Component: (await import('./components/shop-ops/ShopSettingsPage')).ShopSettingsPage }),
      },
      {
        path: 'announcements',
        lazy: async () => ({ Component: (await import('./components/shop-ops/AnnouncementsPage')).AnnouncementsPage }),
      },
      // Last: an address with no page of its own still passes the guard first.
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./components/AdminNotFoundPage')).AdminNotFoundPage }),
      },
    ],
  },
];

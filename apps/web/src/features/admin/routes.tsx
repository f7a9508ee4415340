import { Navigate, type RouteObject } from 'react-router';
import { pageTitle } from '../../lib/page-title';

/**
 * The back office (its own lazily loaded chunks). Everything under /admin except /admin/login is
 * behind the admin guard; later admin pages go into the guarded route's children.
 */
export const adminRoutes: RouteObject[] = [
  {
    path: 'admin/login',
    handle: pageTitle('Admin Login'),
    lazy: async () => ({ Component: (await import('./components/AdminLoginPage')).AdminLoginPage }),
  },
  // The invited admin's one-time link: outside the guard (they have no session yet).
  {
    path: 'admin/set-password/:token',
    handle: pageTitle('Set your password'),
    lazy: async () => ({
      Component: (await import('./components/shop-ops/AdminSetPasswordPage')).AdminSetPasswordPage,
    }),
  },
  {
    path: 'admin',
    lazy: async () => ({ Component: (await import('./components/RequireAdmin')).RequireAdmin }),
    children: [
      { index: true, element: <Navigate to="/admin/menu" replace /> },
      {
        path: 'menu',
        handle: pageTitle('Admin Dashboard'),
        lazy: async () => ({ Component: (await import('./components/AdminMenuPage')).AdminMenuPage }),
      },
      {
        path: 'products',
        handle: pageTitle('Products · Admin'),
        lazy: async () => ({ Component: (await import('./components/ProductsPage')).ProductsPage }),
      },
      {
        path: 'add-product',
        handle: pageTitle('Add product · Admin'),
        lazy: async () => ({ Component: (await import('./components/AddProductPage')).AddProductPage }),
      },
      {
        path: 'product/:id',
        handle: pageTitle('Product · Admin'),
        lazy: async () => ({ Component: (await import('./components/ProductDetailPage')).ProductDetailPage }),
      },
      {
        path: 'drops/:setId',
        handle: pageTitle('Drop monitor · Admin'),
        lazy: async () => ({ Component: (await import('./components/drops/DropMonitorPage')).DropMonitorPage }),
      },
      {
        path: 'orders',
        handle: pageTitle('Orders · Admin'),
        lazy: async () => ({ Component: (await import('./components/OrdersPage')).OrdersPage }),
      },
      {
        path: 'orders/:orderId',
        handle: pageTitle('Order · Admin'),
        lazy: async () => ({ Component: (await import('./components/AdminOrderPage')).AdminOrderPage }),
      },
      {
        path: 'selfcollect',
        handle: pageTitle('Self Collections · Admin'),
        lazy: async () => ({ Component: (await import('./components/SelfCollectPage')).SelfCollectPage }),
      },
      {
        path: 'shipments',
        handle: pageTitle('Shipments · Admin'),
        lazy: async () => ({ Component: (await import('./components/ShipmentsPage')).ShipmentsPage }),
      },
      {
        path: 'inventory-lookup',
        handle: pageTitle('Inventory Lookup · Admin'),
        lazy: async () => ({ Component: (await import('./components/InventoryLookupPage')).InventoryLookupPage }),
      },
      {
        path: 'token-packages',
        handle: pageTitle('Token Packages · Admin'),
        lazy: async () => ({ Component: (await import('./components/shop-ops/TokenPackagesPage')).TokenPackagesPage }),
      },
      {
        path: 'promo-codes',
        handle: pageTitle('Promo Codes · Admin'),
        lazy: async () => ({ Component: (await import('./components/shop-ops/PromoCodesPage')).PromoCodesPage }),
      },
      {
        path: 'shoppers',
        handle: pageTitle('Shoppers · Admin'),
        lazy: async () => ({ Component: (await import('./components/shop-ops/ShoppersPage')).ShoppersPage }),
      },
      {
        path: 'shoppers/:shopperId',
        handle: pageTitle('Shopper · Admin'),
        lazy: async () => ({ Component: (await import('./components/shop-ops/ShopperPage')).ShopperPage }),
      },
      {
        path: 'admins',
        handle: pageTitle('Admins · Admin'),
        lazy: async () => ({ Component: (await import('./components/shop-ops/AdminsPage')).AdminsPage }),
      },
      {
        path: 'account',
        handle: pageTitle('My account · Admin'),
        lazy: async () => ({ Component: (await import('./components/shop-ops/AdminAccountPage')).AdminAccountPage }),
      },
      {
        path: 'two-factor',
        handle: pageTitle('Two-factor sign-in · Admin'),
        lazy: async () => ({ Component: (await import('./components/two-factor/TwoFactorPage')).TwoFactorPage }),
      },
      {
        path: 'jobs',
        handle: pageTitle('Background Jobs · Admin'),
        lazy: async () => ({ Component: (await import('./components/JobsPage')).JobsPage }),
      },
      {
        path: 'account-deletions',
        handle: pageTitle('Account Deletions · Admin'),
        lazy: async () => ({ Component: (await import('./components/AccountDeletionsPage')).AccountDeletionsPage }),
      },
      {
        path: 'audit-log',
        handle: pageTitle('Audit Log · Admin'),
        lazy: async () => ({ Component: (await import('./components/AuditLogPage')).AuditLogPage }),
      },
      {
        path: 'settings',
        handle: pageTitle('Shop Settings · Admin'),
        lazy: async () => ({ Component: (await import('./components/shop-ops/ShopSettingsPage')).ShopSettingsPage }),
      },
      {
        path: 'announcements',
        handle: pageTitle('Announcements · Admin'),
        lazy: async () => ({ Component: (await import('./components/shop-ops/AnnouncementsPage')).AnnouncementsPage }),
      },
      // Last: an address with no page of its own still passes the guard first.
      {
        path: '*',
        handle: pageTitle('Page not found · Admin'),
        lazy: async () => ({ Component: (await import('./components/AdminNotFoundPage')).AdminNotFoundPage }),
      },
    ],
  },
];

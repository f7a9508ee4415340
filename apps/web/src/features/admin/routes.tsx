import { Navigate, type RouteObject } from 'react-router';

/**
 * The back office (its own lazily loaded chunks). Everything under /admin except /admin/login is
 * behind the admin guard; later admin pages go into the guarded route's children.
 */
export const adminRoutes: RouteObject[] = [
  { path: 'admin/login', lazy: async () => ({ Component: (await import('./components/AdminLoginPage')).AdminLoginPage }) },
  {
    path: 'admin',
    lazy: async () => ({ Component: (await import('./components/RequireAdmin')).RequireAdmin }),
    children: [
      { index: true, element: <Navigate to="/admin/menu" replace /> },
      { path: 'menu', lazy: async () => ({ Component: (await import('./components/AdminMenuPage')).AdminMenuPage }) },
      // Last: an address with no page of its own still passes the guard first.
      { path: '*', lazy: async () => ({ Component: (await import('./components/AdminNotFoundPage')).AdminNotFoundPage }) },
    ],
  },
];

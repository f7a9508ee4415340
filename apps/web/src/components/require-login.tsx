import type { RouteObject } from 'react-router';

/**
 * Wraps routes in the login guard: `...requireLogin([{ path: 'orders', lazy: ... }])` in a feature's
 * routes.tsx. Logged-out visitors go to /login and come back after logging in.
 */
export function requireLogin(children: RouteObject[]): RouteObject[] {
  // Lazy like the pages, loaded side by side with them: keeps the session out of the entry chunk (docs/performance.md).
  return [{ lazy: async () => ({ Component: (await import('./RequireAuth')).RequireAuth }), children }];
}

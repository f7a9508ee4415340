import type { RouteObject } from 'react-router';
import { RequireAuth } from './RequireAuth';

/**
 * Wraps routes in the login guard: `...requireLogin([{ path: 'orders', lazy: ... }])` in a feature's
 * routes.tsx. Logged-out visitors go to /login and come back after logging in.
 */
export function requireLogin(children: RouteObject[]): RouteObject[] {
  return [{ element: <RequireAuth />, children }];
}

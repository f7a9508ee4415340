import type { RouteObject } from 'react-router';
import { requireLogin } from '../../components/require-login';

/** /user-profile (login required). */
export const profileRoutes: RouteObject[] = requireLogin([
  { path: 'user-profile', lazy: async () => ({ Component: (await import('./components/ProfilePage')).ProfilePage }) },
]);

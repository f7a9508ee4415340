import type { RouteObject } from 'react-router';
import { requireLogin } from '../../components/require-login';
import { pageTitle } from '../../lib/page-title';

/** /user-profile (login required). */
export const profileRoutes: RouteObject[] = requireLogin([
  {
    path: 'user-profile',
    handle: pageTitle('Profile'),
    lazy: async () => ({ Component: (await import('./components/ProfilePage')).ProfilePage }),
  },
]);

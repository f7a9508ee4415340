import type { RouteObject } from 'react-router';
import { requireLogin } from '../../components/require-login';
import { pageTitle } from '../../lib/page-title';

/** /profile/notifications (login required): push per kind on this device, optional e-mails. */
export const pushRoutes: RouteObject[] = requireLogin([
  {
    path: 'profile/notifications',
    handle: pageTitle('Notifications'),
    lazy: async () => ({ Component: (await import('./components/NotificationSettingsPage')).NotificationSettingsPage }),
  },
]);

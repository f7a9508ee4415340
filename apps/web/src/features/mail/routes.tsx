import type { RouteObject } from 'react-router';
import { pageTitle } from '../../lib/page-title';

/** /unsubscribe?token=…: an optional mail's one-click unsubscribe (no login). */
export const mailRoutes: RouteObject[] = [
  {
    path: 'unsubscribe',
    handle: pageTitle('Unsubscribe'),
    lazy: async () => ({ Component: (await import('./components/UnsubscribePage')).UnsubscribePage }),
  },
];

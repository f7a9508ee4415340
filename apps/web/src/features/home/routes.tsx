import type { RouteObject } from 'react-router';
import type { PageTitleHandle } from '../../lib/page-title';

export const homeRoutes: RouteObject[] = [
  {
    index: true,
    handle: { title: 'Kujiya · Ichiban Kuji in Singapore' } satisfies PageTitleHandle,
    lazy: async () => ({ Component: (await import('./components/HomePage')).HomePage }),
  },
];

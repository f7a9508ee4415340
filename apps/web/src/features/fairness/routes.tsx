import type { RouteObject } from 'react-router';
import { pageTitle } from '../../lib/page-title';

export const fairnessRoutes: RouteObject[] = [
  {
    path: 'fairness/:setId',
    handle: pageTitle('Fairness check'),
    lazy: async () => ({ Component: (await import('./components/FairnessPage')).FairnessPage }),
  },
];

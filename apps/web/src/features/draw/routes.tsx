import type { RouteObject } from 'react-router';
import { pageTitle } from '../../lib/page-title';

/** /draw and /results (public routes): the animated draw of the stored order, then the prizes won. */
export const drawRoutes: RouteObject[] = [
  {
    path: 'draw',
    handle: pageTitle('Draw'),
    lazy: async () => ({ Component: (await import('./components/DrawPage')).DrawPage }),
  },
  {
    path: 'results',
    handle: pageTitle('Results'),
    lazy: async () => ({ Component: (await import('./components/ResultsPage')).ResultsPage }),
  },
];

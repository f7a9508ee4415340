import type { RouteObject } from 'react-router';

export const fairnessRoutes: RouteObject[] = [
  {
    path: 'fairness/:setId',
    lazy: async () => ({ Component: (await import('./components/FairnessPage')).FairnessPage }),
  },
];

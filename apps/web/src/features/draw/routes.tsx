import type { RouteObject } from 'react-router';

/** /draw and /results (public routes): the animated draw of the stored order, then the prizes won. */
export const drawRoutes: RouteObject[] = [
  { path: 'draw', lazy: async () => ({ Component: (await import('./components/DrawPage')).DrawPage }) },
  { path: 'results', lazy: async () => ({ Component: (await import('./components/ResultsPage')).ResultsPage }) },
];

import type { RouteObject } from 'react-router';

export const catalogueRoutes: RouteObject[] = [
  {
    path: 'ichiban-kuji-products',
    lazy: async () => ({ Component: (await import('./components/ProductListPage')).ProductListPage }),
  },
];

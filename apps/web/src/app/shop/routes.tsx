import type { RouteObject } from 'react-router';

// The catalogue page is composed here because it plugs in the purchase and favourites features.
export const catalogueRoutes: RouteObject[] = [
  {
    path: 'ichiban-kuji-products',
    lazy: async () => ({ Component: (await import('./ProductListRoute')).ProductListRoute }),
  },
];

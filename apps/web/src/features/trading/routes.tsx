import type { RouteObject } from 'react-router';
import { requireLogin } from '../../components/require-login';

/** The trading screens: the marketplace, the shopper's trades, the offers on one, and the history. */
export const tradingRoutes: RouteObject[] = requireLogin([
  {
    path: 'trading-marketplace',
    lazy: async () => ({ Component: (await import('./components/TradingMarketplacePage')).TradingMarketplacePage }),
  },
  {
    path: 'manage-trades',
    lazy: async () => ({ Component: (await import('./components/ManageTradesPage')).ManageTradesPage }),
  },
  {
    path: 'trade/:tradeId',
    lazy: async () => ({ Component: (await import('./components/TradeOffersPage')).TradeOffersPage }),
  },
  {
    path: 'trade-history',
    lazy: async () => ({ Component: (await import('./components/TradeHistoryPage')).TradeHistoryPage }),
  },
]);

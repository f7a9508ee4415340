import type { RouteObject } from 'react-router';
import { requireLogin } from '../../components/require-login';
import { pageTitle } from '../../lib/page-title';

/** The trading screens: the marketplace, the shopper's trades, the offers on one, and the history. */
export const tradingRoutes: RouteObject[] = requireLogin([
  {
    path: 'trading-marketplace',
    handle: pageTitle('Trading Marketplace'),
    lazy: async () => ({ Component: (await import('./components/TradingMarketplacePage')).TradingMarketplacePage }),
  },
  {
    path: 'manage-trades',
    handle: pageTitle('Manage Your Trades'),
    lazy: async () => ({ Component: (await import('./components/ManageTradesPage')).ManageTradesPage }),
  },
  {
    path: 'trade/:tradeId',
    handle: pageTitle('Offers for Your Trade'),
    lazy: async () => ({ Component: (await import('./components/TradeOffersPage')).TradeOffersPage }),
  },
  {
    path: 'trade-history',
    handle: pageTitle('Trade History'),
    lazy: async () => ({ Component: (await import('./components/TradeHistoryPage')).TradeHistoryPage }),
  },
]);

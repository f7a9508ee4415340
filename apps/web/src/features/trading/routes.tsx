import type { RouteObject } from 'react-router';
import { requireLogin } from '../../components/require-login';

/**
 * The trading screens the menu links to. Trades themselves arrive with the trading work; until then
 * these screens show their empty states, which is what a shopper without trades sees anyway.
 */
export const tradingRoutes: RouteObject[] = requireLogin([
  { path: 'trading-marketplace', lazy: async () => ({ Component: (await import('./components/TradingMarketplacePage')).TradingMarketplacePage }) },
  { path: 'manage-trades', lazy: async () => ({ Component: (await import('./components/ManageTradesPage')).ManageTradesPage }) },
  { path: 'trade-history', lazy: async () => ({ Component: (await import('./components/TradeHistoryPage')).TradeHistoryPage }) },
]);

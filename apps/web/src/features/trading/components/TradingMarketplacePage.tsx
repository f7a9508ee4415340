import { Link } from 'react-router';
import './trading.css';

/** /trading-marketplace: other collectors' open trades (none are open yet). */
export function TradingMarketplacePage() {
  return (
    <main className="page trading-page">
      <h1 className="trading-title">Trading Marketplace</h1>
      <p className="empty-text">No active trades available.</p>
      <Link to="/manage-trades" className="btn btn--ghost btn--block">
        Manage Your Trades
      </Link>
    </main>
  );
}

import { Link } from 'react-router';
import './trading.css';

/** /trade-history: the shopper's completed trades. */
export function TradeHistoryPage() {
  return (
    <main className="page trading-page">
      <h1 className="trading-title">Trade History</h1>
      <p className="empty-text">No completed trades found.</p>
      <Link to="/manage-trades" className="btn btn--ghost btn--block">
        Manage Your Trades
      </Link>
    </main>
  );
}

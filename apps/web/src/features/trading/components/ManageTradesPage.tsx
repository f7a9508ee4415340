import { Link } from 'react-router';
import './trading.css';

/** /manage-trades: the shopper's own trades, Create Trade (from the inventory) and Trade History. */
export function ManageTradesPage() {
  return (
    <main className="page trading-page">
      <h1 className="trading-title">Manage Your Trades</h1>
      <div className="trading-actions">
        <Link to="/inventory" className="btn btn--primary">
          Create Trade
        </Link>
        <Link to="/trade-history" className="btn btn--ghost">
          Trade History
        </Link>
      </div>
      <p className="empty-text">You have no active trades.</p>
    </main>
  );
}

import { Link } from 'react-router';
import { TRADE_ALERTS, formatSgDateTime } from '@kujiya/shared';
import { useTradeHistory } from '../api/getTradeHistory';
import { GivenPrizeList } from './PrizeList';
import './trading.css';

/** /trade-history: completed trades, what the shopper traded away and received, and with whom. */
export function TradeHistoryPage() {
  const history = useTradeHistory();
  const list = history.data?.trades ?? [];
  return (
    <main className="page trading-page">
      <h1 className="trading-title">Trade History</h1>
      <Link to="/manage-trades" className="btn btn--ghost btn--block">
        Manage Your Trades
      </Link>
      {history.isPending && <div className="spinner" role="status" aria-label="Loading trade history" />}
      {history.isSuccess && list.length === 0 && <p className="empty-text">{TRADE_ALERTS.noHistory}</p>}
      <ul className="trade-list">
        {list.map((trade) => (
          <li key={trade._id} className="trade-card card" data-testid="history-card">
            <div className="trade-card__meta">
              <span>{trade.completedAt ? formatSgDateTime(trade.completedAt) : ''}</span>
              <span className="trade-status">{trade.status === 'completed' ? 'Completed' : trade.status}</span>
            </div>
            <p className="trade-card__partner">Traded with {trade.partnerUsername}</p>
            <h2 className="trade-card__heading">Traded Away</h2>
            <GivenPrizeList prizes={trade.prizesOffered} label="Traded away" />
            <h2 className="trade-card__heading">Received</h2>
            <GivenPrizeList prizes={trade.prizesReceived} label="Received" />
          </li>
        ))}
      </ul>
    </main>
  );
}

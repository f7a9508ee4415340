import { useState } from 'react';
import { Link } from 'react-router';
import { TRADE_ALERTS } from '@kujiya/shared';
import { useCancelTrade } from '../api/cancelTrade';
import { useUserTrades } from '../api/getUserTrades';
import { tradeFailureText } from '../lib/alerts';
import { ConfirmDialog } from './ConfirmDialog';
import { ImageZoomDialog, type ZoomedPrize } from './ImageZoomDialog';
import { TradeCard } from './TradeCard';
import './trading.css';

/** /manage-trades: the shopper's own live trades, with View Offers and Cancel Trade. */
export function ManageTradesPage() {
  const trades = useUserTrades();
  const cancel = useCancelTrade();
  const [cancelling, setCancelling] = useState<string | null>(null);
  const [zoom, setZoom] = useState<ZoomedPrize | null>(null);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const list = trades.data?.trades ?? [];

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
      {notice && (
        <p className={notice.error ? 'error-text' : 'trade-notice'} role={notice.error ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      {trades.isPending && <div className="spinner" role="status" aria-label="Loading your trades" />}
      {trades.isSuccess && list.length === 0 && <p className="empty-text">{TRADE_ALERTS.noOwnTrades}</p>}
      <ul className="trade-list">
        {list.map((trade) => (
          <TradeCard key={trade._id} trade={trade} showCreator={false} onZoom={setZoom}>
            <p className="trade-card__offers" id={`offers-${trade._id}`}>
              {trade.offerCount === 1 ? '1 offer' : `${trade.offerCount} offers`}
            </p>
            <Link to={`/trade/${trade._id}`} className="btn btn--primary" aria-describedby={`offers-${trade._id}`}>
              View Offers
            </Link>
            <button type="button" className="btn btn--ghost" onClick={() => setCancelling(trade._id)}>
              Cancel Trade
            </button>
          </TradeCard>
        ))}
      </ul>
      <ImageZoomDialog image={zoom} onClose={() => setZoom(null)} />
      <ConfirmDialog
        question={cancelling ? TRADE_ALERTS.cancelConfirm : null}
        busy={cancel.isPending}
        onNo={() => setCancelling(null)}
        onYes={() => {
          if (!cancelling) return;
          cancel.mutate(cancelling, {
            onSuccess: (answer) => setNotice({ text: answer.message, error: false }),
            onError: (failure) =>
              setNotice({
                text: tradeFailureText(
                  failure,
                  'Failed to cancel trade',
                  'An error occurred while cancelling the trade',
                ),
                error: true,
              }),
            onSettled: () => setCancelling(null),
          });
        }}
      />
    </main>
  );
}

import { useState } from 'react';
import { Link } from 'react-router';
import { TRADE_ALERTS, TRADE_SEARCH_DEBOUNCE_MS, type Trade } from '@kujiya/shared';
import { useMarketplaceTrades } from '../api/getMarketplaceTrades';
import { useDebouncedValue } from '../hooks/useDebouncedValue';
import { ImageZoomDialog, type ZoomedPrize } from './ImageZoomDialog';
import { OfferTradeDialog } from './OfferTradeDialog';
import { TradeCard } from './TradeCard';
import { YourOfferDialog } from './YourOfferDialog';
import './trading.css';

/** /trading-marketplace: other shoppers' live trades, searchable; offer on one or review your offer. */
export function TradingMarketplacePage() {
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search, TRADE_SEARCH_DEBOUNCE_MS);
  const trades = useMarketplaceTrades(settled);
  const [zoom, setZoom] = useState<ZoomedPrize | null>(null);
  const [offering, setOffering] = useState<Trade | null>(null);
  const [reviewing, setReviewing] = useState<Trade | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const searching = search !== settled || trades.isFetching;
  const list = trades.data?.trades ?? [];

  return (
    <main className="page trading-page">
      <h1 className="trading-title">Trading Marketplace</h1>
      <div className="trading-actions">
        <Link to="/manage-trades" className="btn btn--ghost">
          Manage Your Trades
        </Link>
        <Link to="/trade-history" className="btn btn--ghost">
          Trade History
        </Link>
      </div>
      <div className="trade-search">
        <input
          type="search"
          placeholder="Search by username, set or wanted prize"
          aria-label="Search trades"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {searching && <div className="spinner spinner--small" role="status" aria-label="Searching" />}
      </div>
      {notice && (
        <p className="trade-notice" role="status">
          {notice}
        </p>
      )}
      {trades.isError && (
        <p className="error-text" role="alert">
          Trades could not be loaded. Please try again.
        </p>
      )}
      {trades.isSuccess && list.length === 0 && !searching && (
        <p className="empty-text">
          {settled.trim() ? TRADE_ALERTS.noTradesMatching(settled.trim()) : TRADE_ALERTS.noActiveTrades}
        </p>
      )}
      <ul className="trade-list">
        {list.map((trade) => (
          <TradeCard key={trade._id} trade={trade} showCreator onZoom={setZoom}>
            {trade.userOffer ? (
              <button type="button" className="btn btn--ghost btn--block" onClick={() => setReviewing(trade)}>
                View Your Offer
              </button>
            ) : (
              <button
                type="button"
                className="btn btn--primary btn--block"
                onClick={() => {
                  setNotice(null);
                  setOffering(trade);
                }}
              >
                Offer Trade
              </button>
            )}
          </TradeCard>
        ))}
      </ul>
      <ImageZoomDialog image={zoom} onClose={() => setZoom(null)} />
      {offering && (
        <OfferTradeDialog
          trade={offering}
          onClose={() => setOffering(null)}
          onDone={(message) => {
            setOffering(null);
            setNotice(message);
          }}
        />
      )}
      <YourOfferDialog
        trade={reviewing}
        onClose={() => setReviewing(null)}
        onDone={(message) => {
          setReviewing(null);
          setNotice(message);
        }}
      />
    </main>
  );
}

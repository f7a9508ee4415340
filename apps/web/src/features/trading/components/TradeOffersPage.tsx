import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { TRADE_ACCEPT_REDIRECT_MS, TRADE_ALERTS, type Offer } from '@kujiya/shared';
import { ApiError, serverMessageOf } from '../../../lib/api-client';
import { imageUrl } from '../../../lib/image-url';
import { useAcceptOffer } from '../api/acceptOffer';
import { useTradeOffers } from '../api/getTradeOffers';
import { useRejectOffer } from '../api/rejectOffer';
import { tradeFailureText } from '../lib/alerts';
import { ConfirmDialog } from './ConfirmDialog';
import { ImageZoomDialog, type ZoomedPrize } from './ImageZoomDialog';
import { GivenPrizeList } from './PrizeList';
import './trading.css';

type Decision = { offer: Offer; accept: boolean };

/** /trade/{tradeId}: the offers on your trade (only the owner sees them), each with Reject and Accept. */
export function TradeOffersPage() {
  const { tradeId = '' } = useParams();
  const navigate = useNavigate();
  const offers = useTradeOffers(tradeId);
  const accept = useAcceptOffer();
  const reject = useRejectOffer();
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const [accepted, setAccepted] = useState(false);
  const [zoom, setZoom] = useState<ZoomedPrize | null>(null);

  // After an accept the trade is done: back to the shopper's trades after a moment.
  useEffect(() => {
    if (!accepted) return;
    const timer = setTimeout(() => navigate('/manage-trades'), TRADE_ACCEPT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [accepted, navigate]);

  function decide() {
    if (!deciding) return;
    const ids = { tradeId, offerId: deciding.offer._id };
    const done = () => setDeciding(null);
    if (deciding.accept) {
      accept.mutate(ids, {
        onSuccess: () => {
          setNotice({ text: TRADE_ALERTS.offerAccepted, error: false });
          setAccepted(true);
        },
        onError: (failure) =>
          setNotice({
            text: tradeFailureText(failure, TRADE_ALERTS.acceptFailed, TRADE_ALERTS.acceptError),
            error: true,
          }),
        onSettled: done,
      });
    } else {
      reject.mutate(ids, {
        onSuccess: () => setNotice({ text: TRADE_ALERTS.offerRejected, error: false }),
        onError: (failure) =>
          setNotice({
            text: tradeFailureText(failure, TRADE_ALERTS.rejectFailed, TRADE_ALERTS.rejectError),
            error: true,
          }),
        onSettled: done,
      });
    }
  }

  const denied =
    offers.error instanceof ApiError &&
    (offers.error.status === 403 || offers.error.status === 404 || offers.error.status === 400);
  const list = accepted ? [] : (offers.data?.offers ?? []);

  return (
    <main className="page trading-page">
      <h1 className="trading-title">Offers for Your Trade</h1>
      <Link to="/manage-trades" className="btn btn--ghost btn--block">
        Manage Your Trades
      </Link>
      {notice && (
        <p className={notice.error ? 'error-text' : 'trade-notice'} role={notice.error ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      {offers.isPending && <div className="spinner" role="status" aria-label="Loading offers" />}
      {denied && (
        <p className="error-text" role="alert">
          {serverMessageOf(offers.error) ?? 'Trade not found'}
        </p>
      )}
      {offers.isSuccess && list.length === 0 && !accepted && <p className="empty-text">{TRADE_ALERTS.noOffers}</p>}
      <ul className="trade-list">
        {list.map((offer) => (
          <li key={offer._id} className="trade-card card" data-testid="offer-card">
            <div className="trade-card__creator">
              {offer.fromUser.profilePicture && (
                <img src={imageUrl(offer.fromUser.profilePicture)} alt="" className="trade-card__avatar" />
              )}
              <strong>{offer.fromUser.username}</strong>
            </div>
            <GivenPrizeList
              prizes={offer.offeredPrizes.map((p) => ({ ...p, prizeId: p.prizeId._id }))}
              label="Offered prizes"
              onZoom={setZoom}
            />
            <div className="trade-card__actions">
              <button type="button" className="btn btn--ghost" onClick={() => setDeciding({ offer, accept: false })}>
                Reject
              </button>
              <button type="button" className="btn btn--primary" onClick={() => setDeciding({ offer, accept: true })}>
                Accept
              </button>
            </div>
          </li>
        ))}
      </ul>
      <ImageZoomDialog image={zoom} onClose={() => setZoom(null)} />
      <ConfirmDialog
        question={
          deciding
            ? `Are you sure you want to ${deciding.accept ? 'accept' : 'reject'} this offer from ${deciding.offer.fromUser.username}?`
            : null
        }
        busy={accept.isPending || reject.isPending}
        onNo={() => setDeciding(null)}
        onYes={decide}
      />
    </main>
  );
}

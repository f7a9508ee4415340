import { useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { prizeRank } from '@kujiya/shared';
import { usePrizes } from '../../../lib/api/getPrizes';
import { PaymentSuccessDialog } from '../../../components/PaymentSuccessDialog';
import { readOrderState, type DrawNavigationState, type OrderState } from '../../../lib/order-state';
import { useDraw } from '../api/drawAndUpdateOrder';
import { fetchPrizes } from '../api/fetchPrizes';
import { getOrderPrizes } from '../api/getOrderPrizes';
import { useVerifyOrder } from '../api/verifyOrder';
import {
  isDrawFinished,
  markDrawFinished,
  orderUpdateFailedMessage,
  readDrawProgress,
  ticketsLeftToDraw,
  writeDrawProgress,
} from '../lib/draw-progress';
import { writeResults } from '../lib/results-state';
import { revealPlan } from '../lib/reveal-plan';
import { SPRITE } from '../lib/tear';
import { BoxStage } from './BoxStage';
import { TicketPopup } from './TicketPopup';
import './draw.css';

const PRELOAD = [
  SPRITE.url,
  '/draw/tear-effect.svg',
  ...['gold', 'silver', 'bronze', 'last'].map((t) => `/draw/ticket-back-${t}.svg`),
];

/**
 * /draw (docs/rules/fairness.md): reads the stored order state, verifies the order and draws it. After a card
 * payment it opens with 'Payment Successful!'; Continue stays here, or goes to /orders for a Chance set.
 */
export function DrawPage() {
  const [order] = useState<OrderState | null>(readOrderState);
  if (!order) {
    return (
      <main className="page draw">
        <h1 className="draw__title">Draw</h1>
        <p>There is no order to draw.</p>
        <Link className="btn btn--primary" to="/ichiban-kuji-products">
          Browse sets
        </Link>
      </main>
    );
  }
  // A finished order is never replayed: a reload or Back after its results goes to its details.
  if (isDrawFinished(order.orderId))
    return <Navigate to={`/order-details/${encodeURIComponent(order.orderId)}`} replace />;
  return <DrawOrder order={order} />;
}

function DrawOrder({ order }: { order: OrderState }) {
  const product = order.selectedProduct;
  const navigate = useNavigate();
  const location = useLocation();
  const [paymentSuccessful, setPaymentSuccessful] = useState(
    () => (location.state as DrawNavigationState | null)?.paymentSuccessful === true,
  );
  const verify = useVerifyOrder(order.orderId);
  // A cached query: it runs once per page load, and the server answers the same decided prizes again
  // on a reload, so the draw is never made twice.
  const draw = useDraw(order.orderId, verify.data?.success === true);
  const prizes = usePrizes(product.setId, product.productId);
  const plan = useMemo(() => (draw.data ? revealPlan(draw.data) : null), [draw.data]);
  // `taken`: Draw presses (tickets out of the box); `opened`: tears finished (kept across reloads).
  const [opened, setOpened] = useState(() => readDrawProgress(order.orderId));
  const [taken, setTaken] = useState(opened);
  const [popupFor, setPopupFor] = useState<number | null>(null);
  const [finishing, setFinishing] = useState(false);
  const [resultError, setResultError] = useState<string | null>(null);

  useEffect(() => {
    for (const url of PRELOAD) new Image().src = url;
  }, []);

  const refunded = draw.data?.challengeRemainingTickets ?? 0;
  const ticketsLeft = plan
    ? ticketsLeftToDraw({ plan: plan.length, refunded, taken, opened })
    : Math.max(0, order.ticketsBought - taken);
  const challengeWon = Boolean(plan && plan.length > 0 && opened >= plan.length && draw.data?.challengeWon);
  const ready = Boolean(plan && plan.length > 0);
  const prizeByRank = new Map((prizes.data ?? []).map((prize) => [prizeRank(prize.name), prize]));

  const drawTicket = () => {
    if (!plan || taken >= plan.length) return;
    setPopupFor(taken);
    setTaken(taken + 1);
  };

  const showResults = async () => {
    setFinishing(true);
    setResultError(null);
    try {
      const { selectedPrizes } = await getOrderPrizes(order.orderId);
      const { prizes: won } = await fetchPrizes(product.productId, selectedPrizes);
      writeResults({ prizes: won, product });
      markDrawFinished(order.orderId);
      navigate('/results');
    } catch (error) {
      // A prize fetch failure is logged; the shopper can try again.
      console.error('Prize fetch failed', error);
      setResultError('The prizes could not be loaded. Please try again.');
      setFinishing(false);
    }
  };

  const onPaymentContinue = () => {
    setPaymentSuccessful(false);
    // Dropping the navigation state keeps a reload from showing the popup again.
    if (product.lottery.enabled) navigate('/orders', { replace: true });
    else navigate(location.pathname, { replace: true, state: null });
  };

  const failure = verify.isError
    ? verify.error.message
    : verify.data && !verify.data.success
      ? 'This order cannot be drawn.'
      : draw.isError
        ? orderUpdateFailedMessage(draw.error.message)
        : null;

  return (
    <main className="page draw">
      <h1 className="draw__title">{product.name}</h1>
      <p className="draw__tickets">
        <span>
          Tickets bought: <strong data-testid="tickets-bought">{order.ticketsBought}</strong>
        </span>
        <span>
          Tickets Left To Draw: <strong data-testid="tickets-left">{ticketsLeft}</strong>
        </span>
      </p>

      <BoxStage />

      {(verify.isPending || (verify.data?.success && draw.isPending)) && (
        <div className="spinner" role="status" aria-label="Preparing the draw" />
      )}
      {failure && (
        <p className="error-text" role="alert">
          {failure}
        </p>
      )}
      {plan && plan.length === 0 && (
        <p className="draw__note">
          {product.lottery.enabled
            ? 'Your entries are in. The winners are drawn when the set sells out.'
            : 'No tickets are left to draw for this order.'}
        </p>
      )}
      {challengeWon && (
        <div className="draw__challenge" data-testid="draw-challenge-won">
          <p className="draw__challenge-title">Challenge Won!</p>
          {refunded > 0 && <p className="draw__note">{refunded} undrawn tickets were refunded as tokens.</p>}
        </div>
      )}

      <div className="draw__main-actions">
        <button
          type="button"
          className="btn btn--primary draw__draw"
          // aria-disabled: Draw keeps focus when it turns off under the shopper (and gets it back from the popup).
          aria-disabled={!ready || ticketsLeft === 0}
          onClick={() => {
            if (ready && ticketsLeft > 0) drawTicket();
          }}
        >
          Draw
        </button>
        {plan && opened >= plan.length && plan.length > 0 && popupFor === null && (
          <button type="button" className="btn btn--gold" disabled={finishing} onClick={() => void showResults()}>
            Show Results
          </button>
        )}
      </div>
      {resultError && (
        <p className="error-text" role="alert">
          {resultError}
        </p>
      )}
      <Link className="draw__fairness" to={`/fairness/${encodeURIComponent(product.setId)}`}>
        Check this set&apos;s fairness
      </Link>

      {plan && popupFor !== null && (
        <TicketPopup
          key={popupFor}
          rank={plan[popupFor]!}
          prize={prizeByRank.get(plan[popupFor]!)}
          challengeAlphabet={draw.data?.challengeAlphabet ?? null}
          isLast={popupFor === plan.length - 1}
          onTorn={() => {
            const next = Math.max(opened, popupFor + 1);
            setOpened(next);
            writeDrawProgress(order.orderId, next);
          }}
          onNext={drawTicket}
          onClose={() => {
            const wasLast = popupFor === plan.length - 1;
            setPopupFor(null);
            if (wasLast) void showResults();
          }}
        />
      )}
      {paymentSuccessful && <PaymentSuccessDialog onContinue={onPaymentContinue} />}
    </main>
  );
}

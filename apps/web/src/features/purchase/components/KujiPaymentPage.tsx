import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { formatCents, isFinalPaymentStatus } from '@kujiya/shared';
import { CardPaymentForm } from '../../../components/card-payment/CardPaymentForm';
import { ProcessingOverlay } from '../../../components/card-payment/ProcessingOverlay';
import { productsQueryKey } from '../../../lib/query-keys';
import { imageUrl } from '../../../lib/image-url';
import { checkTickets } from '../api/checkTickets';
import { useOrderStatus } from '../api/getOrderStatus';
import { useOrderTotal } from '../api/getOrderTotal';
import { useReservation } from '../api/getReservation';
import {
  REPLACED_CHECKOUT_MESSAGE,
  REPLACED_REFUNDED_MESSAGE,
  TICKET_CHECK_ERROR_MESSAGE,
} from '../lib/purchase-errors';
import { writeOrderState, type DrawNavigationState } from '../../../lib/order-state';
import { clearKujiPaymentState, readKujiPaymentState } from '../lib/purchase-state';
import type { KujiPaymentState } from '../types';
import { ReservationCountdown } from './ReservationCountdown';
import { TicketCheckDialog } from './TicketCheckDialog';
import './purchase.css';

/** Statuses after which the page stops waiting. */
/**
 * /kuji-payment (docs/rules/buying.md): the set, the ticket count, the total, the reservation countdown
 * and the card form. Pay checks the tickets first, then confirms the card, then polls the order
 * status every 2 s until it succeeded, then goes to /draw, which shows 'Payment Successful!' (its
 * Continue goes on to /orders for a Chance set).
 */
export function KujiPaymentPage() {
  const [state] = useState<KujiPaymentState | null>(readKujiPaymentState);
  if (!state) return <Navigate to="/ichiban-kuji-products" replace />;
  return <KujiPayment state={state} />;
}

function KujiPayment({ state }: { state: KujiPaymentState }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const { selectedProduct: product, orderId, ticketsBought } = state;
  const total = useOrderTotal(orderId);
  const reservation = useReservation(orderId);
  // Back from a Stripe redirect (3-D Secure): the card step is done, only the status is left.
  const [processing, setProcessing] = useState(search.get('redirect_status') === 'succeeded');
  const [expired, setExpired] = useState(false);
  const [checkMessage, setCheckMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const status = useOrderStatus(orderId, processing);
  const paymentStatus = status.data?.paymentStatus;
  const replaced = status.data?.replaced === true;
  const onExpired = useCallback(() => setExpired(true), []);
  const navigatedToDraw = useRef(false);

  useEffect(() => {
    if (paymentStatus !== 'succeeded' || navigatedToDraw.current) return;
    navigatedToDraw.current = true;
    void queryClient.invalidateQueries({ queryKey: productsQueryKey });
    clearKujiPaymentState();
    writeOrderState({ orderId, ticketsBought, selectedProduct: product });
    navigate('/draw', { replace: true, state: { paymentSuccessful: true } satisfies DrawNavigationState });
  }, [paymentStatus, queryClient, navigate, orderId, ticketsBought, product]);

  const beforeConfirm = async (): Promise<boolean> => {
    setError(null);
    try {
      // A checkout replaced in another tab (or on another device) cannot be paid: say so instead.
      if ((await status.refetch()).data?.replaced) return false;
      const check = await checkTickets({ setId: product.setId, ticketsBought, orderId });
      if (check.success) return true;
      setCheckMessage(check.message || 'These tickets are no longer available.');
    } catch (failure) {
      console.error('Ticket check failed:', failure);
      setError(TICKET_CHECK_ERROR_MESSAGE);
    }
    return false;
  };

  return (
    <main className="page kuji-payment">
      <h1 className="kuji-payment__title">Payment</h1>
      <section className="card kuji-summary" aria-label="Order summary">
        <img className="kuji-summary__image" src={imageUrl(product.image)} alt="" />
        <div className="kuji-summary__text">
          <p className="kuji-summary__name">{product.name}</p>
          <p className="kuji-summary__tickets" data-testid="payment-ticket-count">
            {ticketsBought} {ticketsBought === 1 ? 'ticket' : 'tickets'}
            {state.buyOut && <span className="kuji-summary__badge">Buy out</span>}
          </p>
        </div>
        <p className="kuji-summary__total">
          <span>Total</span>
          <strong data-testid="payment-total">
            {total.data ? formatCents(total.data.totalCost) : total.isError ? '—' : '…'}
          </strong>
        </p>
      </section>

      {reservation.data?.expiresAt && paymentStatus !== 'succeeded' && !replaced && (
        <ReservationCountdown expiresAt={reservation.data.expiresAt} onExpired={onExpired} />
      )}

      {error && (
        <p className="card-form__error" role="alert">
          {error}
        </p>
      )}
      {replaced ? (
        <p className="card-form__error" role="alert" data-testid="checkout-replaced">
          {paymentStatus === 'refunded' ? REPLACED_REFUNDED_MESSAGE : REPLACED_CHECKOUT_MESSAGE}
        </p>
      ) : (
        paymentStatus === 'refunded' && (
          <p className="card-form__error" role="alert">
            The tickets sold out before your payment arrived, so it was refunded.
          </p>
        )
      )}

      <section className="card" aria-label="Card payment">
        <CardPaymentForm
          clientSecret={state.clientSecret}
          returnPath="/kuji-payment"
          disabled={processing || expired || replaced}
          beforeConfirm={beforeConfirm}
          onPaid={() => {
            setProcessing(true);
            void status.refetch();
          }}
          // A failed payment is only logged; the form shows the card's message and Pay is enabled again.
          onFailed={(message) => console.warn('Ticket payment failed:', message)}
        />
      </section>

      {processing && !(paymentStatus && isFinalPaymentStatus(paymentStatus)) && <ProcessingOverlay />}
      {checkMessage && <TicketCheckDialog message={checkMessage} onClose={() => setCheckMessage(null)} />}
    </main>
  );
}

import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { SHIPMENT_FAILURE_MESSAGE, formatCents, formatSgDateTime } from '@kujiya/shared';
import {
  clearPendingShipmentId,
  clearShippingPaymentState,
  readShippingPaymentState,
  type ShippingPaymentState,
} from '../../../lib/shipping-payment';
// The card form stays where it is for now (shared components are being moved on another branch).
import { CardPaymentForm } from '../../../components/card-payment/CardPaymentForm';
import { ProcessingOverlay } from '../../../components/card-payment/ProcessingOverlay';
import { useProcessingStatus } from '../api/getProcessingStatus';
import './shipments.css';

/**
 * /shipping-payment: the shipment's fee and the card form. Once the card is accepted it polls the
 * processing status every 2 s: completed goes to /shipments with the success state, failed stops.
 */
export function ShippingPaymentPage() {
  const [state] = useState<ShippingPaymentState | null>(readShippingPaymentState);
  if (!state) return <Navigate to="/inventory" replace />;
  return <ShippingPayment state={state} />;
}

function ShippingPayment({ state }: { state: ShippingPaymentState }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  // Back from a card redirect (3-D Secure): the card step is done, only the status is left.
  const [processing, setProcessing] = useState(search.get('redirect_status') === 'succeeded');
  const status = useProcessingStatus(state.shipmentId, processing);
  const outcome = status.data?.status;
  const { bigPrizes, smallPrizes, shippingFee } = state.shippingBreakdown;

  useEffect(() => {
    if (outcome !== 'completed') return;
    clearShippingPaymentState();
    clearPendingShipmentId();
    void queryClient.invalidateQueries({ queryKey: ['inventory'] });
    void queryClient.invalidateQueries({ queryKey: ['shipments'] });
    navigate('/shipments', { replace: true, state: { shipmentSuccess: true } });
  }, [outcome, navigate, queryClient]);

  return (
    <main className="page shipping-payment-page">
      <h1 className="shipments-title">Shipping payment</h1>
      <section className="card payment-breakdown" aria-label="Shipping fee">
        <dl>
          <dt>Big prizes</dt>
          <dd>{bigPrizes}</dd>
          <dt>Small prizes</dt>
          <dd>{smallPrizes}</dd>
          <dt className="payment-breakdown__total">Shipping fee</dt>
          <dd className="payment-breakdown__total" data-testid="shipping-fee">
            {formatCents(shippingFee)}
          </dd>
        </dl>
        <p className="muted">
          Please pay by {formatSgDateTime(state.expiresAt)}; after that the items return to your inventory.
        </p>
      </section>

      <section className="card" aria-label="Card payment">
        <CardPaymentForm
          clientSecret={state.clientSecret}
          returnPath="/shipping-payment"
          disabled={processing && outcome !== 'failed'}
          onPaid={() => setProcessing(true)}
          onFailed={(message) => console.warn('Shipping payment failed:', message)}
        />
      </section>

      {outcome === 'failed' && (
        <p className="error-text" role="alert">
          {status.data?.error ?? 'The payment failed.'} {SHIPMENT_FAILURE_MESSAGE}{' '}
          <Link to="/user-profile">Go to profile</Link>
        </p>
      )}
      {processing && outcome !== 'failed' && <ProcessingOverlay />}
    </main>
  );
}

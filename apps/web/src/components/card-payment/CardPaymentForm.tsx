import { lazy, Suspense } from 'react';
import { usePaymentConfig } from './api/getPaymentConfig';
import { TestGatewayCardForm } from './TestGatewayCardForm';
import './card-payment.css';

// Stripe's code (and Stripe.js from its host) is fetched only when the shop runs Stripe; the built-in
// test gateway loads nothing from outside.
const StripeCardForm = lazy(async () => ({ default: (await import('./StripeCardForm')).StripeCardForm }));
const loadingForm = <div className="spinner" role="status" aria-label="Loading payment form" />;

export interface CardPaymentFormProps {
  clientSecret: string;
  /** Where Stripe returns after a redirect (e.g. 3-D Secure); the page then polls the status. */
  returnPath: string;
  /** The gateway accepted the card. The shop still waits for the gateway's event: poll the status. */
  onPaid: () => void;
  onFailed?: (message: string) => void;
  /** Runs when Pay is pressed, before the card is confirmed; false stops the payment (e.g. tickets gone). */
  beforeConfirm?: () => Promise<boolean>;
  disabled?: boolean;
}

/** The card form of whichever gateway the shop runs: Stripe's Payment Element, or the test gateway's. */
export function CardPaymentForm(props: CardPaymentFormProps) {
  const config = usePaymentConfig();
  if (config.isPending) return loadingForm;
  if (config.isError) {
    return (
      <p className="card-form__error" role="alert">
        The payment form could not be loaded. Please refresh the page.
      </p>
    );
  }
  if (config.data.gateway === 'stripe' && config.data.publishableKey) {
    return (
      <Suspense fallback={loadingForm}>
        <StripeCardForm {...props} publishableKey={config.data.publishableKey} />
      </Suspense>
    );
  }
  return <TestGatewayCardForm {...props} />;
}

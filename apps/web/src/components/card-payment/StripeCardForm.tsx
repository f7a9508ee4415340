import { useMemo, useState, type FormEvent } from 'react';
// The pure entry adds Stripe.js to the page only when loadStripe is called, not on import.
import { loadStripe } from '@stripe/stripe-js/pure';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { CardPaymentFormProps } from './CardPaymentForm';

const stripes = new Map<string, ReturnType<typeof loadStripe>>();
/** Stripe.js loads once per publishable key. */
function stripeFor(publishableKey: string) {
  if (!stripes.has(publishableKey)) stripes.set(publishableKey, loadStripe(publishableKey));
  return stripes.get(publishableKey)!;
}

function StripeForm({
  onPaid,
  onFailed,
  beforeConfirm,
  returnPath,
  disabled,
}: Omit<CardPaymentFormProps, 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setError(null);
    if (beforeConfirm && !(await beforeConfirm())) {
      setBusy(false);
      return;
    }
    const result = await stripe.confirmPayment({
      elements,
      redirect: 'if_required',
      confirmParams: { return_url: new URL(returnPath, window.location.origin).toString() },
    });
    setBusy(false);
    if (result.error) {
      const message = result.error.message ?? 'Your payment could not be processed. Please try again.';
      setError(message);
      onFailed?.(message);
      return;
    }
    onPaid();
  };

  return (
    <form className="card-form" onSubmit={submit}>
      <PaymentElement options={{ layout: 'tabs', defaultValues: { billingDetails: { address: { country: 'SG' } } } }} />
      {error && (
        <p className="card-form__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--block" disabled={disabled || busy || !stripe || !elements}>
        Pay
      </button>
    </form>
  );
}

/** Stripe's Payment Element, confirming the payment in the browser directly with Stripe. */
export function StripeCardForm({
  publishableKey,
  clientSecret,
  ...props
}: CardPaymentFormProps & { publishableKey: string }) {
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  return (
    <Elements
      stripe={stripe}
      options={{
        clientSecret,
        appearance: { theme: 'stripe', variables: { colorPrimary: '#e8344e', borderRadius: '12px' } },
      }}
    >
      <StripeForm {...props} />
    </Elements>
  );
}

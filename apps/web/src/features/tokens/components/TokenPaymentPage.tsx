import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { formatCents } from '@kujiya/shared';
import { TokenIcon } from '../../../components/icons';
import { useSession } from '../../../lib/session';
import { CardPaymentForm } from '../../../components/card-payment/CardPaymentForm';
import { ProcessingOverlay } from '../../../components/card-payment/ProcessingOverlay';
import { tokenQueryKey } from '../../../lib/query-keys';
import { useTokenPaymentStatus } from '../api/getTokenPaymentStatus';
import {
  clearTokenPaymentState,
  readTokenPaymentState,
  writeTokenPaymentState,
  type TokenPaymentState,
} from '../payment-state';
import { formatTokens, tokensWithBonus } from '../lib/format';
import { PromoCodeForm } from './PromoCodeForm';
import './tokens.css';

/**
 * /token-payment: the package's tokens (with the promo bonus), the total, the promo code and the
 * card form. After the card is accepted it polls the payment status every 2 s until it succeeded
 * (the server learns that from the gateway's event), then goes to /tokens.
 */
export function TokenPaymentPage() {
  const [state, setState] = useState<TokenPaymentState | null>(readTokenPaymentState);
  if (!state) return <Navigate to="/purchase-tokens" replace />;
  return <TokenPayment state={state} onStateChange={setState} />;
}

function TokenPayment({
  state,
  onStateChange,
}: {
  state: TokenPaymentState;
  onStateChange: (state: TokenPaymentState) => void;
}) {
  const { username } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  // Back from a Stripe redirect (3-D Secure): the card step is done, only the status is left.
  const [processing, setProcessing] = useState(search.get('redirect_status') === 'succeeded');
  const status = useTokenPaymentStatus(state.paymentIntentId, processing);
  const { tokenPackage } = state;
  const applied =
    state.promoCode && state.extraTokensPercentage
      ? { promoCode: state.promoCode, extraTokensPercentage: state.extraTokensPercentage }
      : null;
  const { bonus, total } = tokensWithBonus(tokenPackage.tokenAmount, applied?.extraTokensPercentage ?? null);

  useEffect(() => {
    if (status.data?.paymentStatus !== 'succeeded') return;
    clearTokenPaymentState();
    void queryClient.invalidateQueries({ queryKey: tokenQueryKey });
    navigate('/tokens', { replace: true });
  }, [status.data?.paymentStatus, navigate, queryClient]);

  return (
    <main className="page tokens-page">
      <h1 className="tokens-title">Token payment</h1>
      <section className="card payment-summary" aria-label="Order summary">
        <p className="payment-summary__package">{tokenPackage.packageName}</p>
        <p className="payment-summary__tokens" data-testid="payment-token-amount">
          <TokenIcon size={28} />
          <span>{formatTokens(total)} Tokens</span>
        </p>
        {bonus > 0 && (
          <p className="payment-summary__bonus">
            {formatTokens(tokenPackage.tokenAmount)} + {formatTokens(bonus)} bonus tokens
          </p>
        )}
        <p className="payment-summary__total">
          <span>Total</span>
          <strong>{formatCents(tokenPackage.price)}</strong>
        </p>
      </section>

      <section className="card">
        <PromoCodeForm
          request={{ packageId: tokenPackage._id, username: username ?? '', paymentIntentId: state.paymentIntentId }}
          applied={applied}
          disabled={processing}
          onApplied={(promoCode, extraTokensPercentage) => {
            const next = { ...state, promoCode, extraTokensPercentage };
            writeTokenPaymentState(next);
            onStateChange(next);
          }}
        />
      </section>

      <section className="card" aria-label="Card payment">
        <CardPaymentForm
          clientSecret={state.clientSecret}
          returnPath="/token-payment"
          disabled={processing}
          onPaid={() => setProcessing(true)}
          // A failed payment is only logged; the form shows the card's message and Pay is enabled again.
          onFailed={(message) => console.warn('Token payment failed:', message)}
        />
      </section>

      {processing && <ProcessingOverlay />}
    </main>
  );
}

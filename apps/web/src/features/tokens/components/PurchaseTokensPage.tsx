import { useState } from 'react';
import { useNavigate } from 'react-router';
import { percentOff, type TokenPackage } from '@kujiya/shared';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { LoginReminderDialog } from '../../../components/LoginReminderDialog';
import { needsLoginReminder } from '../../../components/login-reminder';
import { useTokenPackages } from '../api/getTokenPackages';
import { useCreateTokenIntent } from '../api/createTokenIntent';
import { writeTokenPaymentState } from '../payment-state';
import { PackageCard } from './PackageCard';
import { TermsDialog } from './TermsDialog';
import './tokens.css';

/** /purchase-tokens: the token packages; Purchase → terms → a payment intent → /token-payment. */
export function PurchaseTokensPage() {
  const { username } = useSession();
  const navigate = useNavigate();
  const packages = useTokenPackages();
  const createIntent = useCreateTokenIntent();
  const [chosen, setChosen] = useState<TokenPackage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reminder, setReminder] = useState(false);

  const list = packages.data?.tokenPackages ?? [];
  const bestDeal = Math.max(0, ...list.map((p) => (p.originalPrice ? percentOff(p.originalPrice, p.price) : 0)));

  const next = () => {
    if (!chosen || !username) return;
    setError(null);
    createIntent.mutate(
      { packageId: chosen._id, username },
      {
        onSuccess: (intent) => {
          writeTokenPaymentState({ kind: 'token', ...intent });
          navigate('/token-payment');
        },
        onError: (failure) => {
          setChosen(null);
          if (needsLoginReminder(failure)) setReminder(true);
          else if (failure instanceof ApiError) setError('Failed to initiate token purchase. Please try again.');
          else setError('An error occurred while initiating token purchase.');
        },
      },
    );
  };

  return (
    <main className="page tokens-page">
      <section className="token-promo" aria-labelledby="token-promo-title">
        <p className="token-promo__eyebrow">Top up &amp; play</p>
        <h1 id="token-promo-title" className="token-promo__title">
          {bestDeal > 0 ? `Save up to ${bestDeal}% on token bundles` : 'Buy tokens, pull tickets faster'}
        </h1>
        <p className="token-promo__lead">Have a promo code? Apply it at checkout for bonus tokens.</p>
      </section>

      {error && (
        <p className="tokens-alert" role="alert">
          {error}
        </p>
      )}

      {packages.isPending && <div className="spinner" role="status" aria-label="Loading token packages" />}
      {(packages.isError || (packages.isSuccess && list.length === 0)) && (
        <p className="tokens-empty">No token packages available.</p>
      )}
      <div className="package-list">
        {list.map((tokenPackage) => (
          <PackageCard
            key={tokenPackage._id}
            tokenPackage={tokenPackage}
            disabled={createIntent.isPending}
            onPurchase={() => {
              setError(null);
              setChosen(tokenPackage);
            }}
          />
        ))}
      </div>

      <TermsDialog
        open={chosen !== null}
        busy={createIntent.isPending}
        onNext={next}
        onCancel={() => setChosen(null)}
      />
      <LoginReminderDialog open={reminder} onClose={() => setReminder(false)} />
    </main>
  );
}

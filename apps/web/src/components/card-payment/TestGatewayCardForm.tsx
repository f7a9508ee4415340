import { useState, type FormEvent } from 'react';
import { TEST_CARDS } from '@kujiya/shared';
import { ApiError } from '../../lib/api-client';
import { useConfirmTestPayment } from './api/confirmTestPayment';
import { formatCardNumber, formatCvc, formatExpiry, isCardComplete } from './card-input';
import type { CardPaymentFormProps } from './CardPaymentForm';

const CARD_HINTS = [
  { number: TEST_CARDS.succeeds, outcome: 'succeeds' },
  { number: TEST_CARDS.declined, outcome: 'is declined' },
  { number: TEST_CARDS.insufficientFunds, outcome: 'has insufficient funds' },
];

/**
 * The card form of the built-in test gateway (no Stripe keys configured). It says plainly that no
 * real card is charged and lists Stripe's test cards, which it honours the same way Stripe does.
 */
export function TestGatewayCardForm({ clientSecret, onPaid, onFailed, beforeConfirm, disabled }: CardPaymentFormProps) {
  const [card, setCard] = useState({ cardNumber: '', expiry: '', cvc: '' });
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const confirm = useConfirmTestPayment();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (beforeConfirm) {
      setChecking(true);
      const go = await beforeConfirm().finally(() => setChecking(false));
      if (!go) return;
    }
    confirm.mutate(
      { clientSecret, ...card },
      {
        onSuccess: () => onPaid(),
        onError: (failure) => {
          const message =
            failure instanceof ApiError ? failure.message : 'Your payment could not be processed. Please try again.';
          setError(message);
          onFailed?.(message);
        },
      },
    );
  };

  return (
    <form className="card-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="test-gateway-note" role="note">
        <strong>Test gateway</strong> — no real card is charged. Use one of Stripe&apos;s test cards with any future
        expiry and any CVC:
        <ul>
          {CARD_HINTS.map((hint) => (
            <li key={hint.number}>
              <code>{hint.number}</code> {hint.outcome}
            </li>
          ))}
        </ul>
      </div>
      <div className="field">
        <label htmlFor="card-number">Card number</label>
        <input
          id="card-number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={card.cardNumber}
          onChange={(e) => setCard({ ...card, cardNumber: formatCardNumber(e.target.value) })}
        />
      </div>
      <div className="card-form__row">
        <div className="field">
          <label htmlFor="card-expiry">Expiry</label>
          <input
            id="card-expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={card.expiry}
            onChange={(e) => setCard({ ...card, expiry: formatExpiry(e.target.value, card.expiry) })}
          />
        </div>
        <div className="field">
          <label htmlFor="card-cvc">CVC</label>
          <input
            id="card-cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            value={card.cvc}
            onChange={(e) => setCard({ ...card, cvc: formatCvc(e.target.value) })}
          />
        </div>
      </div>
      {error && (
        <p className="card-form__error" role="alert">
          {error}
        </p>
      )}
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={disabled || checking || confirm.isPending || !isCardComplete(card)}
      >
        Pay
      </button>
    </form>
  );
}

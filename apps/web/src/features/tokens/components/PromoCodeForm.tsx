import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useApplyPromoCode } from '../api/applyPromoCode';

interface PromoCodeFormProps {
  request: { packageId: string; username: string; paymentIntentId: string };
  applied: { promoCode: string; extraTokensPercentage: number } | null;
  onApplied: (promoCode: string, extraTokensPercentage: number) => void;
  disabled?: boolean;
}

/** Promo code input with Apply; once applied the button reads Applied and the input is disabled. */
export function PromoCodeForm({ request, applied, onApplied, disabled }: PromoCodeFormProps) {
  const inputId = useId();
  const [code, setCode] = useState(applied?.promoCode ?? '');
  const [error, setError] = useState<string | null>(null);
  const apply = useApplyPromoCode();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const promoCode = code.trim();
    if (!promoCode || applied) return;
    setError(null);
    apply.mutate(
      { ...request, promoCode },
      {
        onSuccess: (result) => onApplied(promoCode, result.extraTokensPercentage),
        onError: (failure) => {
          if (failure instanceof ApiError)
            setError(failure.body.message ? failure.message : 'Failed to apply promo code');
          else setError('Error applying promo code');
        },
      },
    );
  };

  return (
    <form className="promo-form" onSubmit={submit}>
      <label htmlFor={inputId}>Promo code</label>
      <div className="promo-form__row">
        <input
          id={inputId}
          value={applied ? applied.promoCode : code}
          onChange={(e) => setCode(e.target.value)}
          disabled={Boolean(applied) || disabled}
          placeholder="Enter promo code"
          autoCapitalize="characters"
          autoComplete="off"
        />
        <button
          type="submit"
          className="btn btn--gold"
          disabled={!code.trim() || Boolean(applied) || apply.isPending || disabled}
        >
          {applied ? 'Applied' : 'Apply'}
        </button>
      </div>
      {applied && <p className="promo-form__ok">{applied.extraTokensPercentage}% more tokens!</p>}
      {error && (
        <p className="promo-form__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

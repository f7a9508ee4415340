import { useState, type FormEvent } from 'react';
import { DAY_MS, type AdminPromoCode, fromSgInputValue, toSgInputValue } from '@kujiya/shared';
import { useSavePromoCode } from '../../api/savePromoCode';
import { errorText } from './form-values';

const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

/** Create or edit a promo code (codes are stored upper-case; the same code in any case is one code). */
export function PromoCodeForm({ promoCode, onDone }: { promoCode: AdminPromoCode | null; onDone: () => void }) {
  const [code, setCode] = useState(promoCode?.code ?? '');
  const [extra, setExtra] = useState(String(promoCode?.extraTokensPercentage ?? 10));
  const [validFrom, setValidFrom] = useState(toSgInputValue(promoCode?.validFrom ?? inDays(0)));
  const [validTo, setValidTo] = useState(toSgInputValue(promoCode?.validTo ?? inDays(30)));
  const [maxUses, setMaxUses] = useState(promoCode?.maxUses === null || !promoCode ? '' : String(promoCode.maxUses));
  const [oncePerShopper, setOncePerShopper] = useState(promoCode?.oncePerShopper ?? true);
  const [active, setActive] = useState(promoCode?.active ?? true);
  const save = useSavePromoCode();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        id: promoCode?.id,
        input: {
          code,
          extraTokensPercentage: Number(extra),
          validFrom: fromSgInputValue(validFrom),
          validTo: fromSgInputValue(validTo),
          maxUses: maxUses.trim() === '' ? null : Number(maxUses),
          oncePerShopper,
          active,
        },
      },
      { onSuccess: onDone },
    );
  };

  return (
    <form className="ops-form" onSubmit={submit} aria-label={promoCode ? 'Edit promo code' : 'New promo code'}>
      <h2 className="ops-subtitle">{promoCode ? `Edit ${promoCode.code}` : 'New promo code'}</h2>
      <div className="ops-row">
        <div className="field">
          <label htmlFor="promo-code">Code</label>
          <input id="promo-code" value={code} onChange={(e) => setCode(e.target.value)} required />
        </div>
        <div className="field">
          <label htmlFor="promo-extra">Extra tokens (%)</label>
          <input
            id="promo-extra"
            type="number"
            min={1}
            max={1000}
            value={extra}
            onChange={(e) => setExtra(e.target.value)}
            required
          />
        </div>
        <div className="field">
          <label htmlFor="promo-max">Total use limit (optional)</label>
          <input id="promo-max" type="number" min={1} value={maxUses} onChange={(e) => setMaxUses(e.target.value)} />
        </div>
      </div>
      <div className="ops-row">
        <div className="field">
          <label htmlFor="promo-from">Valid from (Singapore time)</label>
          <input
            id="promo-from"
            type="datetime-local"
            value={validFrom}
            onChange={(e) => setValidFrom(e.target.value)}
            required
          />
        </div>
        <div className="field">
          <label htmlFor="promo-to">Valid to (Singapore time)</label>
          <input
            id="promo-to"
            type="datetime-local"
            value={validTo}
            onChange={(e) => setValidTo(e.target.value)}
            required
          />
        </div>
      </div>
      <label className="ops-check">
        <input type="checkbox" checked={oncePerShopper} onChange={(e) => setOncePerShopper(e.target.checked)} /> Once
        per shopper
      </label>
      <label className="ops-check">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} /> Active
      </label>
      {save.error && (
        <p className="field-error" role="alert">
          {errorText(save.error)}
        </p>
      )}
      <div className="ops-actions">
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          Save code
        </button>
        <button type="button" className="btn btn--ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

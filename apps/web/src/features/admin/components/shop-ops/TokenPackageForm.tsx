import { useState, type FormEvent } from 'react';
import type { AdminTokenPackage } from '@kujiya/shared';
import { useSaveTokenPackage } from '../../api/saveTokenPackage';
import { centsOf, dollarsOf, errorText } from './form-values';

/** Create or edit a token package. Prices are typed in dollars and sent in cents. */
export function TokenPackageForm({
  tokenPackage,
  onDone,
}: {
  tokenPackage: AdminTokenPackage | null;
  onDone: () => void;
}) {
  const [packageName, setPackageName] = useState(tokenPackage?.packageName ?? '');
  const [tokenAmount, setTokenAmount] = useState(String(tokenPackage?.tokenAmount ?? ''));
  const [price, setPrice] = useState(dollarsOf(tokenPackage?.price ?? null));
  const [originalPrice, setOriginalPrice] = useState(dollarsOf(tokenPackage?.originalPrice ?? null));
  const [promoBanner, setPromoBanner] = useState(tokenPackage?.promoBanner ?? '');
  const [sortOrder, setSortOrder] = useState(String(tokenPackage?.sortOrder ?? 0));
  const [active, setActive] = useState(tokenPackage?.active ?? true);
  const save = useSaveTokenPackage();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Save is aria-disabled (it keeps focus) while a save runs: a second submit waits for it.
    if (save.isPending) return;
    save.mutate(
      {
        id: tokenPackage?.id,
        input: {
          packageName,
          tokenAmount: Number(tokenAmount),
          price: centsOf(price) ?? 0,
          originalPrice: centsOf(originalPrice),
          promoBanner: promoBanner.trim() || null,
          sortOrder: Number(sortOrder) || 0,
          active,
        },
      },
      { onSuccess: onDone },
    );
  };

  return (
    <form className="ops-form" onSubmit={submit} aria-label={tokenPackage ? 'Edit token package' : 'New token package'}>
      <h2 className="ops-subtitle">{tokenPackage ? `Edit ${tokenPackage.packageName}` : 'New token package'}</h2>
      <div className="field">
        <label htmlFor="pkg-name">Name</label>
        <input id="pkg-name" value={packageName} onChange={(e) => setPackageName(e.target.value)} required />
      </div>
      <div className="ops-row">
        <div className="field">
          <label htmlFor="pkg-tokens">Tokens</label>
          <input
            id="pkg-tokens"
            type="number"
            min={1}
            value={tokenAmount}
            onChange={(e) => setTokenAmount(e.target.value)}
            required
          />
        </div>
        <div className="field">
          <label htmlFor="pkg-price">Price (S$)</label>
          <input
            id="pkg-price"
            type="number"
            min={0.01}
            step={0.01}
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            required
          />
        </div>
        <div className="field">
          <label htmlFor="pkg-original">Original price (S$, optional)</label>
          <input
            id="pkg-original"
            type="number"
            min={0.01}
            step={0.01}
            value={originalPrice}
            onChange={(e) => setOriginalPrice(e.target.value)}
          />
        </div>
      </div>
      <div className="ops-row">
        <div className="field">
          <label htmlFor="pkg-banner">Promo banner (optional)</label>
          <input id="pkg-banner" value={promoBanner} onChange={(e) => setPromoBanner(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="pkg-order">Sort order</label>
          <input id="pkg-order" type="number" value={sortOrder} onChange={(e) => setSortOrder(e.target.value)} />
        </div>
      </div>
      <label className="ops-check">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} /> Active (shown in the
        shop)
      </label>
      {save.error && (
        <p className="field-error" role="alert">
          {errorText(save.error)}
        </p>
      )}
      <div className="ops-actions">
        <button type="submit" className="btn btn--primary" aria-disabled={save.isPending}>
          Save package
        </button>
        <button type="button" className="btn btn--ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

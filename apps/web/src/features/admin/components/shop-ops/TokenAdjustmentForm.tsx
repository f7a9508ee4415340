import { useState, type FormEvent } from 'react';
import { useAdjustShopperTokens } from '../../api/adjustShopperTokens';
import { errorText } from './form-values';

/** Add (positive) or take (negative) tokens, always with a reason; the balance never goes below zero. */
export function TokenAdjustmentForm({ shopperId }: { shopperId: string }) {
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  const adjust = useAdjustShopperTokens();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    adjust.mutate(
      { id: shopperId, input: { delta: Number(delta), reason } },
      {
        onSuccess: () => {
          setDelta('');
          setReason('');
        },
      },
    );
  };
  return (
    <form className="ops-form" onSubmit={submit} aria-label="Adjust tokens">
      <h2 className="ops-subtitle">Adjust tokens</h2>
      <div className="ops-row">
        <div className="field">
          <label htmlFor="adjust-delta">Tokens (+ to add, − to take)</label>
          <input id="adjust-delta" type="number" value={delta} onChange={(e) => setDelta(e.target.value)} required />
        </div>
        <div className="field">
          <label htmlFor="adjust-reason">Reason</label>
          <input id="adjust-reason" value={reason} onChange={(e) => setReason(e.target.value)} required />
        </div>
      </div>
      {adjust.error && (
        <p className="field-error" role="alert">
          {errorText(adjust.error)}
        </p>
      )}
      {adjust.data && <p role="status">New balance: {adjust.data.balance} tokens</p>}
      <div className="ops-actions">
        <button type="submit" className="btn btn--primary" disabled={adjust.isPending}>
          Apply adjustment
        </button>
      </div>
    </form>
  );
}

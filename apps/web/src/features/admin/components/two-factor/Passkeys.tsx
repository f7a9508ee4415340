import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatSgDateTime, type PasskeyView } from '@kujiya/shared';
import { getPasskeyRegistrationOptions } from '../../api/getPasskeyRegistrationOptions';
import { registerPasskey } from '../../api/registerPasskey';
import { useRemovePasskey } from '../../api/removePasskey';
import { errorText } from '../shop-ops/form-values';
import { createPasskey } from './passkey-browser';
import { adminSession } from '../../admin-session';

/** The admin's passkeys: remove one, or add one with this device or a security key. */
export function Passkeys({
  passkeys,
  onRecoveryCodes,
}: {
  passkeys: PasskeyView[];
  onRecoveryCodes: (codes: string[]) => void;
}) {
  const remove = useRemovePasskey();
  return (
    <section className="ops-card" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title" className="ops-subtitle">
        Passkeys
      </h2>
      <p className="ops-muted">Sign in with your fingerprint, face, screen lock or a security key instead of a code.</p>
      {passkeys.length > 0 && (
        <ul className="two-factor__passkeys" aria-label="Your passkeys">
          {passkeys.map((key) => (
            <li key={key.id}>
              <span>
                <strong>{key.name}</strong>
                <span className="ops-muted">
                  {' '}
                  added {formatSgDateTime(key.createdAt)}
                  {key.lastUsedAt ? `, last used ${formatSgDateTime(key.lastUsedAt)}` : ''}
                </span>
              </span>
              <button
                type="button"
                className="btn btn--ghost"
                disabled={remove.isPending}
                onClick={() => remove.mutate(key.id)}
                aria-label={`Remove passkey ${key.name}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <AddPasskeyForm onRecoveryCodes={onRecoveryCodes} />
    </section>
  );
}

function AddPasskeyForm({ onRecoveryCodes }: { onRecoveryCodes: (codes: string[]) => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const response = await createPasskey(await getPasskeyRegistrationOptions());
      const added = await registerPasskey({ response, name: name.trim() || undefined });
      // An enrolment-only session gets its full token with the first factor.
      if (added.token) adminSession.set(added.token);
      setName('');
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      if (added.recoveryCodes) onRecoveryCodes(added.recoveryCodes);
    } catch (failure) {
      setError(failure instanceof DOMException ? 'The passkey was not created.' : errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="two-factor__code-form" onSubmit={(e) => void submit(e)} aria-label="Add a passkey">
      <div className="field">
        <label htmlFor="passkey-name">Name (optional)</label>
        <input
          id="passkey-name"
          placeholder="e.g. Work laptop"
          maxLength={60}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn--ghost" disabled={busy}>
        Add a passkey
      </button>
    </form>
  );
}

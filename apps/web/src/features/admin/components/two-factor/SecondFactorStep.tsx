import { useState, type FormEvent } from 'react';
import type { AdminLoginResponse } from '@kujiya/shared';
import { serverMessageOf } from '../../../../lib/api-client';
import { adminLogin } from '../../api/adminLogin';
import { getPasskeyLoginOptions } from '../../api/getPasskeyLoginOptions';
import { answerPasskey } from './passkey-browser';

interface Props {
  username: string;
  password: string;
  onSignedIn: (answer: AdminLoginResponse) => void;
  onBack: () => void;
}

/** The login's second step: a code from the authenticator app or a recovery code, or a passkey. */
export function SecondFactorStep({ username, password, onSignedIn, onBack }: Props) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const attempt = async (proof: () => Promise<{ code?: string; passkey?: unknown }>) => {
    setBusy(true);
    setError('');
    try {
      onSignedIn(await adminLogin({ username, password, ...((await proof()) as object) }));
    } catch (failure) {
      setError(
        failure instanceof DOMException ? 'The passkey was not used.' : (serverMessageOf(failure) ?? 'Login failed'),
      );
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') {
      setError('Please enter the code.');
      return;
    }
    void attempt(async () => ({ code }));
  };
  return (
    <>
      <h1 className="auth-title">Two-factor sign-in</h1>
      <p className="auth-subtitle">
        Enter the 6-digit code from your authenticator app, or one of your recovery codes.
      </p>
      <form className="auth-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="admin-code">Authentication code</label>
          <input
            id="admin-code"
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="characters"
            inputMode="text"
            maxLength={32}
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </div>
        {error && (
          <p className="auth-message auth-message--error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
          {busy ? 'Checking…' : 'Verify'}
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--block"
          disabled={busy}
          onClick={() =>
            void attempt(async () => ({ passkey: await answerPasskey(await getPasskeyLoginOptions(username)) }))
          }
        >
          Use a passkey instead
        </button>
        <button type="button" className="btn btn--ghost btn--block" onClick={onBack}>
          Back
        </button>
      </form>
    </>
  );
}

import { useState, type FormEvent } from 'react';
import type { TwoFactorSetupResponse } from '@kujiya/shared';
import { useEnableTwoFactor } from '../../api/enableTwoFactor';
import { useStartTwoFactorSetup } from '../../api/startTwoFactorSetup';
import { errorText } from '../shop-ops/form-values';

/** The secret in groups of four, as authenticator apps show and ask for it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** Setting up the authenticator app: the QR code and the secret as text, then the first code turns it on. */
export function TotpSetup({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const start = useStartTwoFactorSetup();
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null);
  if (!setup) {
    return (
      <div className="ops-actions">
        <button
          type="button"
          className="btn btn--primary"
          disabled={start.isPending}
          onClick={() => start.mutate(undefined, { onSuccess: setSetup })}
        >
          Set up authenticator app
        </button>
        {start.error && (
          <p className="field-error" role="alert">
            {errorText(start.error)}
          </p>
        )}
      </div>
    );
  }
  return (
    <div className="two-factor__setup">
      <ol className="two-factor__steps">
        <li>
          Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy, Microsoft Authenticator).
          <img
            className="two-factor__qr"
            src={setup.qrCode}
            alt="QR code of the two-factor secret"
            width={200}
            height={200}
          />
        </li>
        <li>
          Or type this key into the app:
          <code className="two-factor__secret" aria-label="Secret key">
            {grouped(setup.secret)}
          </code>
        </li>
        <li>Enter the 6-digit code the app shows to turn it on.</li>
      </ol>
      <FirstCodeForm onEnabled={onEnabled} />
    </div>
  );
}

function FirstCodeForm({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    enable.mutate({ code }, { onSuccess: (answer) => onEnabled(answer.recoveryCodes) });
  };
  return (
    <form className="two-factor__code-form" onSubmit={submit} aria-label="Confirm the authenticator app">
      <div className="field">
        <label htmlFor="totp-first-code">Code from the app</label>
        <input
          id="totp-first-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          required
        />
      </div>
      {enable.error && (
        <p className="field-error" role="alert">
          {errorText(enable.error)}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={enable.isPending}>
        Turn on
      </button>
    </form>
  );
}

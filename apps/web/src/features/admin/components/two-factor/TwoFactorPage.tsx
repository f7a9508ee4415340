import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useDisableTwoFactor } from '../../api/disableTwoFactor';
import { useTwoFactorStatus } from '../../api/getTwoFactorStatus';
import { errorText } from '../shop-ops/form-values';
import { Passkeys } from './Passkeys';
import { RecoveryCodes } from './RecoveryCodes';
import { TotpSetup } from './TotpSetup';
import '../shop-ops/shop-ops.css';
import './two-factor.css';

/**
 * /admin/two-factor (docs/rules/two-factor.md): the authenticator app (set up, confirm, turn off),
 * passkeys and the recovery codes. An owner who must enrol lands here after login, and nowhere else.
 */
export function TwoFactorPage() {
  const status = useTwoFactorStatus();
  const navigate = useNavigate();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [wasPending, setWasPending] = useState(false);
  const data = status.data;
  if (data?.enrolmentPending && !wasPending) setWasPending(true);
  const showCodes = (recoveryCodes: string[]) => setCodes(recoveryCodes);
  if (codes) {
    return (
      <main className="admin-page ops-panel">
        <h1 className="admin-title">Two-factor sign-in</h1>
        <RecoveryCodes
          codes={codes}
          onDone={() => {
            setCodes(null);
            // An owner who just enrolled goes on to the back office.
            if (wasPending) navigate('/admin/menu', { replace: true });
          }}
        />
      </main>
    );
  }
  return (
    <main className="admin-page ops-panel">
      <h1 className="admin-title">Two-factor sign-in</h1>
      {data?.enrolmentPending && (
        <p className="two-factor__notice" role="status">
          The shop requires owners to use two-factor sign-in. Set up an authenticator app or a passkey to continue to
          the back office.
        </p>
      )}
      {status.error && (
        <p className="field-error" role="alert">
          {errorText(status.error)}
        </p>
      )}
      {data && (
        <>
          <section className="ops-card" aria-labelledby="totp-title">
            <h2 id="totp-title" className="ops-subtitle">
              Authenticator app{' '}
              <span className={`two-factor__badge two-factor__badge--${data.totp ? 'on' : 'off'}`}>
                {data.totp ? 'On' : 'Off'}
              </span>
            </h2>
            {data.totp ? <TurnOffForm required={data.required} /> : <TotpSetup onEnabled={showCodes} />}
          </section>
          <Passkeys passkeys={data.passkeys} onRecoveryCodes={showCodes} />
          {(data.totp || data.passkeys.length > 0) && (
            <p className="ops-muted">Recovery codes left: {data.recoveryCodesLeft} of 10.</p>
          )}
        </>
      )}
    </main>
  );
}

function TurnOffForm({ required }: { required: boolean }) {
  const disable = useDisableTwoFactor();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    disable.mutate({ code }, { onSuccess: () => setCode('') });
  };
  return (
    <form className="two-factor__code-form" onSubmit={submit} aria-label="Turn off the authenticator app">
      <p className="ops-muted">
        Your sign-in asks for a code from the app.
        {required && ' As an owner you need a second factor: without one you can only reach this page.'}
      </p>
      <div className="field">
        <label htmlFor="totp-off-code">Code from the app, or a recovery code</label>
        <input
          id="totp-off-code"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          required
        />
      </div>
      {disable.error && (
        <p className="field-error" role="alert">
          {errorText(disable.error)}
        </p>
      )}
      <button type="submit" className="btn btn--ghost" disabled={disable.isPending}>
        Turn off
      </button>
    </form>
  );
}

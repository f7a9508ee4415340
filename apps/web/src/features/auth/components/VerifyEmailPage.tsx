import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { checkEmail } from '../api/checkEmail';
import { createVerification } from '../api/createVerification';
import { readState, type VerificationState } from '../../../lib/auth-navigation';
import { EmailForm } from './EmailForm';
import { FormMessage } from './FormMessage';
import '../../../components/auth-form.css';

type Failure = { kind: 'exists' } | { kind: 'send' } | { kind: 'server'; message: string } | null;

/**
 * /verify-email: start of sign-up (or, with process forgetPassword, of password recovery by code).
 * Sign-up first makes sure no account has the e-mail, then a code is sent and /verify follows.
 */
export function VerifyEmailPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { process = 'signup', email: initialEmail = '' } = readState<VerificationState>(location.state);
  const [failure, setFailure] = useState<Failure>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(address: string) {
    setFailure(null);
    setBusy(true);
    try {
      if (process === 'signup') {
        try {
          await checkEmail(address);
        } catch (error) {
          // A non-OK answer means an account exists, except a rate limit or a rejected address,
          // which say so themselves.
          if (error instanceof ApiError && (error.status === 429 || error.status === 400)) {
            setFailure({ kind: 'server', message: error.message });
          } else if (error instanceof ApiError && error.status < 500) setFailure({ kind: 'exists' });
          else setFailure({ kind: 'send' });
          return;
        }
      }
      try {
        await createVerification({ email: address, process });
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) setFailure({ kind: 'exists' });
        else if (error instanceof ApiError && error.status === 429)
          setFailure({ kind: 'server', message: error.message });
        else setFailure({ kind: 'send' });
        return;
      }
      navigate('/verify', { state: { email: address, process } satisfies VerificationState });
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1 className="auth-title">Continue with Email</h1>
        <p className="auth-subtitle">
          {process === 'forgetPassword'
            ? "Enter your account's e-mail and we'll send you a verification code to set a new password."
            : "Enter your e-mail and we'll send you a verification code to create your account."}
        </p>
        <EmailForm
          id="verify-email"
          initialEmail={initialEmail}
          pending={busy}
          pendingLabel="Sending code…"
          onSubmit={onSubmit}
        >
          {failure?.kind === 'exists' && <FormMessage>An account already exists with this email.</FormMessage>}
          {failure?.kind === 'server' && <FormMessage>{failure.message}</FormMessage>}
          {failure?.kind === 'send' && (
            <FormMessage>
              Unable to send verification code. <Link to="/contact-us">Contact support</Link>
            </FormMessage>
          )}
        </EmailForm>
        <div className="auth-links">
          <Link to="/login">Already have an account? Sign In</Link>
        </div>
      </div>
    </main>
  );
}

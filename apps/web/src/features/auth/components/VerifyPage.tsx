import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useVerifyCode } from '../api/verifyCode';
import { createVerification } from '../api/createVerification';
import { readState, type VerificationState } from '../../../lib/auth-navigation';
import { isValidEmail, VERIFICATION_CODE_VALIDITY } from '@kujiya/shared';
import { useCountdown } from '../../../lib/use-countdown';
import { useCountdownAnnouncement } from '../../../lib/use-countdown-announcement';
import { LiveAnnouncement } from '../../../components/ui/LiveAnnouncement';
import { FormMessage } from './FormMessage';
import '../../../components/auth-form.css';

export const RESEND_LOCK_SECONDS = 60;
const incorrectCodeMessage = 'Verification Code is incorrect, please request for a new code.';

/** /verify: the 6-digit code from the e-mail, then sign-up or change-password (docs/rules/accounts.md). */
export function VerifyPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { email = '', process = 'signup' } = readState<VerificationState>(location.state);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  // Resending failed: the fixed text with a link to the support page.
  const [sendFailed, setSendFailed] = useState(false);
  const verifyMutation = useVerifyCode();
  const [resendDeadline, setResendDeadline] = useState(() => Date.now() + RESEND_LOCK_SECONDS * 1000);
  const resendLeft = useCountdown(resendDeadline);
  const resendSpoken = useCountdownAnnouncement(resendLeft, (left) => `You can resend the code in ${left}.`);
  const emailValid = isValidEmail(email);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!code) return;
    setError('');
    setNotice('');
    setSendFailed(false);
    verifyMutation.mutate(
      { email, code, process },
      {
        onSuccess: (answer) => {
          const next = process === 'forgetPassword' ? '/change-password' : '/sign-up';
          navigate(next, { state: { email, process, resetToken: answer.resetToken } satisfies VerificationState });
        },
        onError: (failure) => {
          setError(failure instanceof ApiError && failure.status === 429 ? failure.message : incorrectCodeMessage);
        },
      },
    );
  }

  async function onResend() {
    // Resend works only with a valid e-mail, and only once the 60 s lock is over.
    if (!emailValid || resendLeft > 0) return;
    setResendDeadline(Date.now() + RESEND_LOCK_SECONDS * 1000);
    setError('');
    setNotice('');
    setSendFailed(false);
    try {
      await createVerification({ email, process });
      setNotice('A new code is on its way.');
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 429) setError(failure.message);
      else setSendFailed(true);
    }
  }

  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1 className="auth-title">Enter Verification Code</h1>
        <p className="auth-subtitle">
          {emailValid ? (
            <>
              We sent a 6-digit code to <strong>{email}</strong>.
            </>
          ) : (
            <>
              No e-mail to verify yet. <Link to="/verify-email">Enter your e-mail first.</Link>
            </>
          )}
        </p>
        <form className="auth-form" onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor="verify-code">Verification Code</label>
            <input
              id="verify-code"
              className="code-input"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              pattern="\d{6}"
              placeholder="••••••"
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
            />
          </div>
          <FormMessage>{error}</FormMessage>
          {sendFailed && (
            <FormMessage>
              Unable to send verification code. <Link to="/contact-us">Contact support</Link>
            </FormMessage>
          )}
          <FormMessage kind="ok">{notice}</FormMessage>
          <button type="submit" className="btn btn--primary btn--block" disabled={!code || verifyMutation.isPending}>
            {verifyMutation.isPending ? 'Verifying…' : 'Verify'}
          </button>
        </form>
        <div className="auth-info" role="note">
          <p>
            <strong>The code is valid for {VERIFICATION_CODE_VALIDITY}.</strong>
          </p>
          <p>E-mail delivery may take 30 seconds to 10 minutes. Please check your spam folder too.</p>
        </div>
        <p className="resend-row">
          Didn&apos;t get the code?{' '}
          {/* aria-disabled: pressed, it locks itself for 60 s and keeps focus (onResend ignores it meanwhile). */}
          <button
            type="button"
            className="link-button"
            aria-disabled={resendLeft > 0 || !emailValid}
            onClick={() => void onResend()}
          >
            {resendLeft > 0 ? `Resend code in ${resendLeft}s` : 'Resend code'}
          </button>
        </p>
        <LiveAnnouncement message={resendSpoken} />
      </div>
    </main>
  );
}

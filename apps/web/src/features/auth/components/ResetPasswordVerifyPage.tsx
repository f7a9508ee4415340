import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError, serverMessageOf } from '../../../lib/api-client';
import { useForgotPassword } from '../api/forgotPassword';
import { accountMessages, isValidEmail } from '@kujiya/shared';
import type { VerificationState } from '../navigation';
import { FormMessage } from './FormMessage';
import './auth.css';

/** /reset-password-verify: asks for the e-mail that receives a reset link valid 1 hour (spec 001 §2, §8). */
export function ResetPasswordVerifyPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [sent, setSent] = useState('');
  const forgotMutation = useForgotPassword();
  const valid = isValidEmail(email);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!valid) return;
    setError('');
    setSent('');
    forgotMutation.mutate(email.trim().toLowerCase(), {
      onSuccess: (answer) => setSent(answer?.message || accountMessages.resetLinkSent),
      onError: (failure) => {
        if (failure instanceof ApiError) setError(serverMessageOf(failure) ?? 'Failed to send reset link.');
        else setError('An error occurred while processing your request.');
      },
    });
  }

  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1 className="auth-title">Forgot Password</h1>
        <p className="auth-subtitle">Enter your account&apos;s e-mail and we&apos;ll send you a link to reset your password.</p>
        <form className="auth-form" onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor="forgot-email">Email</label>
            <input
              id="forgot-email"
              type="email"
              name="email"
              autoComplete="email"
              autoCapitalize="none"
              inputMode="email"
              placeholder="you@example.com"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <FormMessage>{error}</FormMessage>
          <FormMessage kind="ok">{sent}</FormMessage>
          <button type="submit" className="btn btn--primary btn--block" disabled={!valid || forgotMutation.isPending}>
            {forgotMutation.isPending ? 'Sending…' : 'Continue'}
          </button>
        </form>
        <div className="auth-info" role="note">
          <p>
            <strong>The reset link is valid for 1 hour.</strong>
          </p>
          <p>E-mail delivery may take 30 seconds to 10 minutes. Please check your spam folder too.</p>
        </div>
        <div className="auth-links">
          <Link to="/verify-email" state={{ process: 'forgetPassword' } satisfies VerificationState}>
            Use a verification code instead
          </Link>
          <Link to="/login">Back to Sign In</Link>
        </div>
      </div>
    </main>
  );
}

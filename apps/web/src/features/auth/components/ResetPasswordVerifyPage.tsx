import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError, serverMessageOf } from '../../../lib/api-client';
import { useForgotPassword } from '../api/forgotPassword';
import { accountMessages, RESET_LINK_VALIDITY } from '@kujiya/shared';
import type { VerificationState } from '../../../lib/auth-navigation';
import { EmailForm } from './EmailForm';
import { FormMessage } from './FormMessage';
import '../../../components/auth-form.css';

/** /reset-password-verify: asks for the e-mail that receives a time-limited reset link (docs/rules/accounts.md). */
export function ResetPasswordVerifyPage() {
  const [error, setError] = useState('');
  const [sent, setSent] = useState('');
  const forgotMutation = useForgotPassword();

  function onSubmit(address: string) {
    setError('');
    setSent('');
    forgotMutation.mutate(address, {
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
        <p className="auth-subtitle">
          Enter your account&apos;s e-mail and we&apos;ll send you a link to reset your password.
        </p>
        <EmailForm id="forgot-email" pending={forgotMutation.isPending} pendingLabel="Sending…" onSubmit={onSubmit}>
          <FormMessage>{error}</FormMessage>
          <FormMessage kind="ok">{sent}</FormMessage>
        </EmailForm>
        <div className="auth-info" role="note">
          <p>
            <strong>The reset link is valid for {RESET_LINK_VALIDITY}.</strong>
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

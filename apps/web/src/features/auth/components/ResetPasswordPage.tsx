import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError, serverMessageOf } from '../../../lib/api-client';
import { useResetPassword } from '../api/resetPassword';
import type { LoginState } from '../navigation';
import { NewPasswordForm } from './NewPasswordForm';
import './auth.css';

export const passwordResetNotice = 'Password has been reset successfully.';

/** /reset-password/:token: the e-mailed link's form (spec 001 §2, §8). */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [error, setError] = useState('');
  const resetMutation = useResetPassword();

  function onSubmit(password: string) {
    setError('');
    resetMutation.mutate(
      { token, password },
      {
        onSuccess: () => navigate('/login', { replace: true, state: { notice: passwordResetNotice } satisfies LoginState }),
        onError: (failure) => {
          if (failure instanceof ApiError) setError(serverMessageOf(failure) ?? 'Failed to reset password');
          else setError('An error occurred while resetting your password.');
        },
      },
    );
  }

  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1 className="auth-title">Reset Password</h1>
        <p className="auth-subtitle">Choose a new password for your account.</p>
        <NewPasswordForm onSubmit={onSubmit} pending={resetMutation.isPending} error={error} />
      </div>
    </main>
  );
}

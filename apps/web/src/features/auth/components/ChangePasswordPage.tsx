import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError, serverMessageOf } from '../../../lib/api-client';
import { useChangePassword } from '../api/changePassword';
import { readState, type LoginState, type VerificationState } from '../navigation';
import { NewPasswordForm } from './NewPasswordForm';
import { passwordResetNotice } from './ResetPasswordPage';
import './auth.css';

/** /change-password: the new password after a verified forgetPassword code (the code path of recovery). */
export function ChangePasswordPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { email = '', resetToken = '' } = readState<VerificationState>(location.state);
  const [error, setError] = useState('');
  const changeMutation = useChangePassword();

  function onSubmit(password: string) {
    setError('');
    changeMutation.mutate(
      { email, resetToken, password },
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
        <h1 className="auth-title">Change Password</h1>
        {email && resetToken ? (
          <>
            <p className="auth-subtitle">
              Choose a new password for <strong>{email}</strong>.
            </p>
            <NewPasswordForm onSubmit={onSubmit} pending={changeMutation.isPending} error={error} />
          </>
        ) : (
          <p className="auth-subtitle">
            Verify your e-mail first.{' '}
            <Link to="/verify-email" state={{ process: 'forgetPassword' } satisfies VerificationState}>
              Get a verification code
            </Link>
          </p>
        )}
      </div>
    </main>
  );
}

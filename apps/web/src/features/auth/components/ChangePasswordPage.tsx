import { Link, useLocation } from 'react-router';
import { useChangePassword } from '../api/changePassword';
import { readState, type VerificationState } from '../../../lib/auth-navigation';
import { useNewPasswordOutcome } from '../useNewPasswordOutcome';
import { NewPasswordForm } from './NewPasswordForm';
import '../../../components/auth-form.css';

/** /change-password: the new password after a verified forgetPassword code (the code path of recovery). */
export function ChangePasswordPage() {
  const location = useLocation();
  const { email = '', resetToken = '' } = readState<VerificationState>(location.state);
  const outcome = useNewPasswordOutcome();
  const changeMutation = useChangePassword();

  function onSubmit(password: string) {
    outcome.clearError();
    changeMutation.mutate({ email, resetToken, password }, { onSuccess: outcome.onSuccess, onError: outcome.onError });
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
            <NewPasswordForm onSubmit={onSubmit} pending={changeMutation.isPending} error={outcome.error} />
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

import { useParams } from 'react-router';
import { useResetPassword } from '../api/resetPassword';
import { useNewPasswordOutcome } from '../useNewPasswordOutcome';
import { NewPasswordForm } from './NewPasswordForm';
import '../../../components/auth-form.css';

/** /reset-password/:token: the e-mailed link's form (docs/rules/accounts.md). */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const outcome = useNewPasswordOutcome();
  const resetMutation = useResetPassword();

  function onSubmit(password: string) {
    outcome.clearError();
    resetMutation.mutate({ token, password }, { onSuccess: outcome.onSuccess, onError: outcome.onError });
  }

  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1 className="auth-title">Reset Password</h1>
        <p className="auth-subtitle">Choose a new password for your account.</p>
        <NewPasswordForm onSubmit={onSubmit} pending={resetMutation.isPending} error={outcome.error} />
      </div>
    </main>
  );
}

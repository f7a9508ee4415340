import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { adminLoginRequestSchema, ErrorCode, type AdminLoginResponse } from '@kujiya/shared';
import { ApiError, serverMessageOf } from '../../../lib/api-client';
import { KujiyaMark } from '../../../components/nav-icons';
import { useAdminLogin } from '../api/adminLogin';
import { adminSession } from '../admin-session';
import { PasswordInput } from '../../../components/PasswordInput';
import { SecondFactorStep } from './two-factor/SecondFactorStep';
import '../../../components/auth-form.css';
import './admin.css';

/**
 * /admin/login: the back office sign-in (username and password required; docs/rules/back-office.md),
 * then the two-factor code or passkey when the admin has one (docs/rules/two-factor.md).
 */
export function AdminLoginPage() {
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [secondStep, setSecondStep] = useState(false);
  const loginMutation = useAdminLogin();

  const signedIn = (answer: AdminLoginResponse) => {
    adminSession.set(answer.token);
    navigate(answer.twoFactorEnrolmentRequired ? '/admin/two-factor' : '/admin/menu', { replace: true });
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = adminLoginRequestSchema.safeParse({ username, password });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Login failed');
      return;
    }
    setError('');
    loginMutation.mutate(parsed.data, {
      onSuccess: signedIn,
      onError: (failure) => {
        if (failure instanceof ApiError && failure.code === ErrorCode.TWO_FACTOR_REQUIRED) setSecondStep(true);
        else setError(serverMessageOf(failure) ?? 'Login failed');
      },
    });
  }

  return (
    <main className="auth-page admin-login">
      <div className="admin-login__brand">
        <KujiyaMark size={40} />
        <span>Kujiya Back Office</span>
      </div>
      <div className="auth-card">
        {secondStep ? (
          <SecondFactorStep
            username={username}
            password={password}
            onSignedIn={signedIn}
            onBack={() => {
              setSecondStep(false);
              setPassword('');
            }}
          />
        ) : (
          <>
            <h1 className="auth-title">Admin Login</h1>
            <form className="auth-form" onSubmit={onSubmit} noValidate>
              <div className="field">
                <label htmlFor="admin-username">Username</label>
                <input
                  id="admin-username"
                  name="username"
                  autoComplete="username"
                  autoCapitalize="none"
                  required
                  value={username}
                  onChange={(event) => setUsername(event.target.value)}
                />
              </div>
              <div className="field">
                <label htmlFor="admin-password">Password</label>
                <PasswordInput
                  id="admin-password"
                  name="password"
                  autoComplete="current-password"
                  required
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
              </div>
              {error && (
                <p className="auth-message auth-message--error" role="alert">
                  {error}
                </p>
              )}
              <button type="submit" className="btn btn--primary btn--block" disabled={loginMutation.isPending}>
                {loginMutation.isPending ? 'Logging in…' : 'Login'}
              </button>
            </form>
          </>
        )}
      </div>
    </main>
  );
}

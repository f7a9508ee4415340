import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session';
import { storageKeys } from '../../../lib/storage';
import { LoginRequiredDialog } from '../../../components/LoginRequiredDialog';
import { useLogin } from '../api/login';
import { readState, returnPathAfterLogin, type LoginState } from '../../../lib/auth-navigation';
import { PasswordInput } from '../../../components/PasswordInput';
import { FormMessage } from './FormMessage';
import '../../../components/auth-form.css';

/** /login: the Sign In form (docs/rules/accounts.md). */
export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = readState<LoginState>(location.state);
  const [guardPopupOpen, setGuardPopupOpen] = useState(Boolean(state.guard));
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const loginMutation = useLogin();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError('');
    loginMutation.mutate(
      { username: username.trim(), password },
      {
        onSuccess: (answer) => {
          sessionStore.set({
            token: answer.token,
            username: answer.user.username,
            profilePicture: answer.user.profilePicture,
          });
          sessionStorage.setItem(storageKeys.loginSuccess, 'true');
          navigate(returnPathAfterLogin(state), { replace: true });
        },
        onError: (failure) => {
          // The server's message in red; a network error is only logged.
          if (failure instanceof ApiError) setError(failure.message);
          else console.error('Login failed', failure);
        },
      },
    );
  }

  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1 className="auth-title">Sign In</h1>
        <p className="auth-subtitle">Welcome back! Log in to draw, trade and ship your prizes.</p>
        {state.notice && <FormMessage kind="ok">{state.notice}</FormMessage>}
        <form className="auth-form" onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor="login-username">Username / Email</label>
            <input
              id="login-username"
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              required
            />
          </div>
          <div className="field">
            <label htmlFor="login-password">Password</label>
            <PasswordInput
              id="login-password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              required
            />
          </div>
          <FormMessage>{error}</FormMessage>
          <button type="submit" className="btn btn--primary btn--block" disabled={loginMutation.isPending}>
            {loginMutation.isPending ? 'Logging in…' : 'Login'}
          </button>
        </form>
        <div className="auth-links">
          <Link to="/reset-password-verify">Forgot Password?</Link>
          <span className="auth-divider">or</span>
          <button type="button" className="btn btn--ghost btn--block" onClick={() => navigate('/verify-email')}>
            New here?
          </button>
        </div>
      </div>
      <LoginRequiredDialog open={guardPopupOpen} onClose={() => setGuardPopupOpen(false)} />
    </main>
  );
}

import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session';
import { storageKeys } from '../../../lib/storage';
import { useCreateUser } from '../api/createUser';
import { readState, type VerificationState } from '../../../lib/auth-navigation';
import { signUpError } from '../validation';
import { PasswordInput } from '../../../components/PasswordInput';
import { FormMessage } from './FormMessage';
import '../../../components/auth-form.css';

/** /sign-up: account creation for the e-mail just verified (docs/rules/accounts.md). */
export function SignUpPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { email = '' } = readState<VerificationState>(location.state);
  const [form, setForm] = useState({ username: '', password: '', confirmPassword: '' });
  const [error, setError] = useState('');
  const createMutation = useCreateUser();
  const anyEmpty = !form.username || !form.password || !form.confirmPassword;

  function update(field: keyof typeof form, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (anyEmpty) return;
    const invalid = signUpError(form);
    setError(invalid ?? '');
    if (invalid) return;
    createMutation.mutate(
      { username: form.username, email: email.toLowerCase(), password: form.password },
      {
        onSuccess: (answer) => {
          sessionStore.set({ token: answer.token, username: answer.user.username, profilePicture: answer.user.profilePicture });
          sessionStorage.setItem(storageKeys.loginSuccess, 'true');
          navigate('/', { replace: true });
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.message.includes('Username already exists')) {
            setError('Username already exists. Please choose a different username.');
          } else {
            setError('An error occurred. Please contact support.');
          }
        },
      },
    );
  }

  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1 className="auth-title">Sign Up</h1>
        <p className="auth-subtitle">
          {email ? (
            <>
              Signing up as <strong>{email.toLowerCase()}</strong>
            </>
          ) : (
            <>
              Verify your e-mail first. <Link to="/verify-email">Continue with Email</Link>
            </>
          )}
        </p>
        <form className="auth-form" onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor="signup-username">Username</label>
            <input
              id="signup-username"
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              value={form.username}
              onChange={(event) => update('username', event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="signup-password">Password</label>
            <PasswordInput
              id="signup-password"
              name="password"
              autoComplete="new-password"
              value={form.password}
              onChange={(event) => update('password', event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="signup-confirm">Confirm Password</label>
            <PasswordInput
              id="signup-confirm"
              name="confirmPassword"
              autoComplete="new-password"
              value={form.confirmPassword}
              onChange={(event) => update('confirmPassword', event.target.value)}
            />
          </div>
          <FormMessage>{error}</FormMessage>
          <button type="submit" className="btn btn--primary btn--block" disabled={anyEmpty || createMutation.isPending}>
            {createMutation.isPending ? 'Creating account…' : 'Create Account'}
          </button>
        </form>
      </div>
    </main>
  );
}

import { useState, type FormEvent } from 'react';
import { ErrorCode } from '@kujiya/shared';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session';
import { storageKeys } from '../../../lib/storage';
import { useCreateUser } from '../api/createUser';
import { readState, type VerificationState } from '../../../lib/auth-navigation';
import { signUpErrors, type SignUpField } from '../validation';
import { PasswordInput } from '../../../components/PasswordInput';
import { FormMessage } from './FormMessage';
import '../../../components/auth-form.css';

/** /sign-up: account creation for the e-mail just verified (docs/rules/accounts.md). */
export function SignUpPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { email = '' } = readState<VerificationState>(location.state);
  const [form, setForm] = useState({ username: '', password: '', confirmPassword: '' });
  const [submitted, setSubmitted] = useState(false);
  const [taken, setTaken] = useState<string | null>(null);
  const [error, setError] = useState('');
  const createMutation = useCreateUser();
  const anyEmpty = !form.username || !form.password || !form.confirmPassword;
  // After a first Create Account every invalid field is marked at once, and follows the typing.
  const errors: Partial<Record<SignUpField, string>> = submitted ? signUpErrors(form) : {};
  if (!errors.username && taken === form.username)
    errors.username = 'Username already exists. Please choose a different username.';

  function update(field: SignUpField, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (anyEmpty) return;
    setSubmitted(true);
    setError('');
    if (Object.keys(signUpErrors(form)).length > 0) return;
    createMutation.mutate(
      { username: form.username, email: email.toLowerCase(), password: form.password },
      {
        onSuccess: (answer) => {
          sessionStore.set({
            token: answer.token,
            username: answer.user.username,
            profilePicture: answer.user.profilePicture,
          });
          sessionStorage.setItem(storageKeys.loginSuccess, 'true');
          navigate('/', { replace: true });
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === ErrorCode.USERNAME_TAKEN) setTaken(form.username);
          else setError('An error occurred. Please contact support.');
        },
      },
    );
  }

  /** A field's marking: invalid, described by its own message. */
  const marked = (field: SignUpField) => ({
    'aria-invalid': Boolean(errors[field]),
    'aria-describedby': errors[field] ? `signup-${field}-error` : undefined,
  });
  const fieldError = (field: SignUpField) =>
    errors[field] && (
      <span id={`signup-${field}-error`} className="field-error">
        {errors[field]}
      </span>
    );

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
              {...marked('username')}
            />
            {fieldError('username')}
          </div>
          <div className="field">
            <label htmlFor="signup-password">Password</label>
            <PasswordInput
              id="signup-password"
              name="password"
              autoComplete="new-password"
              value={form.password}
              onChange={(event) => update('password', event.target.value)}
              {...marked('password')}
            />
            {fieldError('password')}
          </div>
          <div className="field">
            <label htmlFor="signup-confirm">Confirm Password</label>
            <PasswordInput
              id="signup-confirm"
              name="confirmPassword"
              autoComplete="new-password"
              value={form.confirmPassword}
              onChange={(event) => update('confirmPassword', event.target.value)}
              {...marked('confirmPassword')}
            />
            {fieldError('confirmPassword')}
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

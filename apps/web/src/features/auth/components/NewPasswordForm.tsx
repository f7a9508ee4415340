import { useState, type FormEvent } from 'react';
import { newPasswordError } from '../validation';
import { PasswordInput } from '../../../components/PasswordInput';
import { FormMessage } from './FormMessage';

/** New password + confirm (reset by link, change by code). Checks the rules, then calls onSubmit. */
export function NewPasswordForm({
  onSubmit,
  pending,
  error,
}: {
  onSubmit: (password: string) => void;
  pending: boolean;
  /** The request's failure text. */
  error: string;
}) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [ruleError, setRuleError] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = newPasswordError(password, confirmPassword);
    setRuleError(invalid ?? '');
    if (!invalid) onSubmit(password);
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="new-password">New Password</label>
        <PasswordInput
          id="new-password"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="confirm-new-password">Confirm Password</label>
        <PasswordInput
          id="confirm-new-password"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
        />
      </div>
      <FormMessage>{ruleError || error}</FormMessage>
      <button type="submit" className="btn btn--primary btn--block" disabled={!password || !confirmPassword || pending}>
        {pending ? 'Saving…' : 'Reset Password'}
      </button>
    </form>
  );
}

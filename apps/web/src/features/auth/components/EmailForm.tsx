import { useState, type FormEvent, type ReactNode } from 'react';
import { isValidEmail } from '@kujiya/shared';

/**
 * The e-mail entry of /verify-email and /reset-password-verify (docs/rules/accounts.md): Continue
 * is enabled only for a valid address, and onSubmit receives it trimmed and lower-cased.
 */
export function EmailForm({
  id,
  initialEmail = '',
  pending,
  pendingLabel,
  onSubmit,
  children,
}: {
  /** The field's id; each page keeps its own. */
  id: string;
  initialEmail?: string;
  pending: boolean;
  /** The button's text while the request runs. */
  pendingLabel: string;
  onSubmit: (address: string) => void;
  /** The request's result messages, shown above the button. */
  children?: ReactNode;
}) {
  const [email, setEmail] = useState(initialEmail);
  const valid = isValidEmail(email);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid || pending) return;
    onSubmit(email.trim().toLowerCase());
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={id}>Email</label>
        <input
          id={id}
          type="email"
          name="email"
          autoComplete="email"
          autoCapitalize="none"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      {children}
      <button type="submit" className="btn btn--primary btn--block" disabled={!valid || pending}>
        {pending ? pendingLabel : 'Continue'}
      </button>
    </form>
  );
}

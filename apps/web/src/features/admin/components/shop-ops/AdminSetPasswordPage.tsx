import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useAcceptAdminInvite } from '../../api/acceptAdminInvite';
import { errorText } from './form-values';
import '../admin.css';
import './shop-ops.css';

/** /admin/set-password/:token: an invited admin chooses their password (the link works once). */
export function AdminSetPasswordPage() {
  const { token = '' } = useParams();
  const [password, setPassword] = useState('');
  const accept = useAcceptAdminInvite();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    accept.mutate({ token, password });
  };
  return (
    <main className="admin-page">
      <h1 className="admin-title">Set your password</h1>
      {accept.isSuccess ? (
        <p role="status">
          {accept.data.message} <Link to="/admin/login">Go to admin login</Link>
        </p>
      ) : (
        <form className="ops-form" onSubmit={submit} aria-label="Set your password">
          <div className="field">
            <label htmlFor="invite-password">New password</label>
            <input
              id="invite-password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
            />
          </div>
          {accept.error && (
            <p className="field-error" role="alert">
              {errorText(accept.error)}
            </p>
          )}
          <button type="submit" className="btn btn--primary" disabled={accept.isPending}>
            Set password
          </button>
        </form>
      )}
    </main>
  );
}

import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useChangeAdminPassword } from '../../api/changeAdminPassword';
import { useAdminMe } from '../../api/getAdminMe';
import { adminSession } from '../../admin-session';
import { errorText } from './form-values';
import './shop-ops.css';

/** /admin/account: who is signed in, their password and a way to two-factor sign-in (owners and staff). */
export function AdminAccountPage() {
  const me = useAdminMe();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const change = useChangeAdminPassword();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: ({ token }) => {
          // Other sessions ended; this one carries on with the fresh token.
          adminSession.set(token);
          setCurrentPassword('');
          setNewPassword('');
        },
      },
    );
  };
  return (
    <main className="admin-page ops-panel">
      <h1 className="admin-title">My account</h1>
      {me.data && (
        <p>
          Signed in as <strong>{me.data.username}</strong> ({me.data.role === 'owner' ? 'Owner' : 'Staff'})
        </p>
      )}
      <p>
        <Link to="/admin/two-factor">Two-factor sign-in</Link>: an authenticator app, passkeys and recovery codes.
      </p>
      <form className="ops-form" onSubmit={submit} aria-label="Change password">
        <h2 className="ops-subtitle">Change password</h2>
        <div className="field">
          <label htmlFor="current-password">Current password</label>
          <input
            id="current-password"
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
            required
          />
        </div>
        <div className="field">
          <label htmlFor="new-password">New password</label>
          <input
            id="new-password"
            type="password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
            required
          />
        </div>
        {change.error && (
          <p className="field-error" role="alert">
            {errorText(change.error)}
          </p>
        )}
        {change.isSuccess && <p role="status">Your password has been changed.</p>}
        <div className="ops-actions">
          <button type="submit" className="btn btn--primary" disabled={change.isPending}>
            Change password
          </button>
        </div>
      </form>
    </main>
  );
}

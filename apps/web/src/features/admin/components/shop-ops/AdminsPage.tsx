import { useState, type FormEvent } from 'react';
import type { AdminRole } from '@kujiya/shared';
import { useAdminAccounts } from '../../api/getAdminAccounts';
import { useAdminMe } from '../../api/getAdminMe';
import { useInviteAdmin } from '../../api/inviteAdmin';
import { useSetAdminDisabled } from '../../api/setAdminDisabled';
import { useResetAdminTwoFactor } from '../../api/resetAdminTwoFactor';
import { ConfirmDialog, type ConfirmRequest } from '../ConfirmDialog';
import { AdminTable } from '../table/AdminTable';
import { errorText } from './form-values';
import './shop-ops.css';

/**
 * /admin/admins: the back-office accounts; invite by e-mail, disable and enable, and reset another
 * admin's two-factor sign-in when they lost their phone (audited; docs/rules/two-factor.md).
 */
export function AdminsPage() {
  const { data, isLoading, error } = useAdminAccounts();
  const me = useAdminMe();
  const setDisabled = useSetAdminDisabled();
  const resetTwoFactor = useResetAdminTwoFactor();
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const askReset = (admin: { id: string; username: string }) =>
    setConfirm({
      title: 'Reset two-factor sign-in?',
      message: `${admin.username}'s authenticator app, passkeys and recovery codes are removed and they are signed out everywhere. They sign in with their password alone until they set up a new one (an owner must set it up at once).`,
      confirmLabel: 'Reset two-factor',
      onConfirm: () => resetTwoFactor.mutate(admin.id),
    });
  return (
    <main className="admin-page ops-panel">
      <h1 className="admin-title">Admins</h1>
      <InviteAdminForm />
      {resetTwoFactor.data && <p role="status">{resetTwoFactor.data.message}</p>}
      {resetTwoFactor.error && (
        <p className="field-error" role="alert">
          {errorText(resetTwoFactor.error)}
        </p>
      )}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} busy={resetTwoFactor.isPending} />
      <AdminTable
        label="Admins"
        rows={data?.admins}
        isLoading={isLoading}
        error={error}
        rowKey={(admin) => admin.id}
        page={1}
        totalPages={1}
        onPageChange={() => {}}
        columns={[
          { key: 'username', header: 'Username', render: (a) => a.username, sortValue: (a) => a.username },
          { key: 'email', header: 'E-mail', render: (a) => a.email ?? '—' },
          {
            key: 'role',
            header: 'Role',
            render: (a) => (a.role === 'owner' ? 'Owner' : 'Staff'),
            sortValue: (a) => a.role,
          },
          {
            key: 'status',
            header: 'Status',
            render: (a) => (a.disabled ? 'Disabled' : a.passwordSet ? 'Active' : 'Invited'),
          },
          {
            key: 'actions',
            header: 'Actions',
            render: (a) =>
              a.id === me.data?.id ? (
                <span className="ops-muted">You</span>
              ) : (
                <span className="ops-actions">
                  <button
                    type="button"
                    className="btn btn--ghost"
                    disabled={setDisabled.isPending}
                    onClick={() => setDisabled.mutate({ id: a.id, disabled: !a.disabled })}
                  >
                    {a.disabled ? 'Enable' : 'Disable'}
                  </button>
                  <button
                    type="button"
                    className="btn btn--ghost"
                    disabled={resetTwoFactor.isPending}
                    onClick={() => askReset(a)}
                    aria-label={`Reset two-factor sign-in of ${a.username}`}
                  >
                    Reset 2FA
                  </button>
                </span>
              ),
          },
        ]}
      />
    </main>
  );
}

function InviteAdminForm() {
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AdminRole>('staff');
  const invite = useInviteAdmin();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { username, email, role },
      {
        onSuccess: () => {
          setUsername('');
          setEmail('');
        },
      },
    );
  };
  return (
    <form className="ops-form" onSubmit={submit} aria-label="Invite an admin">
      <h2 className="ops-subtitle">Invite an admin</h2>
      <div className="ops-row">
        <div className="field">
          <label htmlFor="invite-username">Username</label>
          <input id="invite-username" value={username} onChange={(e) => setUsername(e.target.value)} required />
        </div>
        <div className="field">
          <label htmlFor="invite-email">E-mail</label>
          <input id="invite-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
        </div>
        <div className="field">
          <label htmlFor="invite-role">Role</label>
          <select id="invite-role" value={role} onChange={(e) => setRole(e.target.value as AdminRole)}>
            <option value="staff">Staff (orders, collections, shipments, inventory look-up)</option>
            <option value="owner">Owner (everything)</option>
          </select>
        </div>
      </div>
      {invite.error && (
        <p className="field-error" role="alert">
          {errorText(invite.error)}
        </p>
      )}
      {invite.data && <p role="status">Invitation sent to {invite.data.email}.</p>}
      <div className="ops-actions">
        <button type="submit" className="btn btn--primary" disabled={invite.isPending}>
          Send invitation
        </button>
      </div>
    </form>
  );
}

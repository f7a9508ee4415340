import { useState, type FormEvent } from 'react';
import type { AdminRole } from '@kujiya/shared';
import { useAdminAccounts } from '../../api/getAdminAccounts';
import { useAdminMe } from '../../api/getAdminMe';
import { useInviteAdmin } from '../../api/inviteAdmin';
import { useSetAdminDisabled } from '../../api/setAdminDisabled';
import { AdminTable } from '../table/AdminTable';
import { errorText } from './form-values';
import './shop-ops.css';

/** /admin/admins: the back-office accounts; invite by e-mail, disable and enable. */
export function AdminsPage() {
  const { data, isLoading, error } = useAdminAccounts();
  const me = useAdminMe();
  const setDisabled = useSetAdminDisabled();
  return (
    <main className="admin-page ops-panel">
      <h1 className="admin-title">Admins</h1>
      <InviteAdminForm />
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
                <button
                  type="button"
                  className="btn btn--ghost"
                  disabled={setDisabled.isPending}
                  onClick={() => setDisabled.mutate({ id: a.id, disabled: !a.disabled })}
                >
                  {a.disabled ? 'Enable' : 'Disable'}
                </button>
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

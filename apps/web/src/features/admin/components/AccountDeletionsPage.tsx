import { Link } from 'react-router';
import { DELETION_COOLING_OFF_DAYS, formatSgDateTime, type AdminAccountDeletions } from '@kujiya/shared';
import { useAccountDeletions } from '../api/getAccountDeletions';
import { AdminTable, type AdminColumn } from './table/AdminTable';

type PendingDeletion = AdminAccountDeletions['deletions'][number];

/**
 * /admin/account-deletions (owners): shoppers who asked for their account to be deleted, with the
 * date it happens (docs/rules/personal-data.md). Read-only: the shopper cancels, the job deletes.
 */
export function AccountDeletionsPage() {
  const { data, error, isLoading } = useAccountDeletions();

  const columns: AdminColumn<PendingDeletion>[] = [
    {
      key: 'username',
      header: 'Shopper',
      render: (d) => <Link to={`/admin/shoppers/${d.userId}`}>{d.username}</Link>,
    },
    { key: 'requestedAt', header: 'Requested', render: (d) => formatSgDateTime(d.requestedAt) },
    { key: 'deleteAt', header: 'Deleted on', render: (d) => formatSgDateTime(d.deleteAt) },
    { key: 'unitsToForfeit', header: 'Items to forfeit', render: (d) => d.unitsToForfeit },
    {
      key: 'state',
      header: 'State',
      render: (d) => (d.waitingForParcels ? 'Waiting for an open parcel' : 'Cooling off'),
    },
  ];

  return (
    <main className="admin-page admin-page--wide">
      <h1 className="admin-title">Account Deletions</h1>
      <p>
        Shoppers who asked for their account to be deleted. Each is anonymised {DELETION_COOLING_OFF_DAYS} days after
        the request unless they cancel; a shipment or collection still open holds it until done. Orders, draws, payments
        and ledger rows are kept under a pseudonym.
      </p>
      <AdminTable
        label="Pending account deletions"
        columns={columns}
        rows={data?.deletions}
        rowKey={(d) => d.id}
        isLoading={isLoading}
        error={error}
        emptyText="No pending deletion requests."
        page={1}
        totalPages={1}
        onPageChange={() => undefined}
      />
    </main>
  );
}

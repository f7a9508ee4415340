import { useState } from 'react';
import type { AdminCollectionRow, AdminCollectionsQuery } from '@kujiya/shared';
import { formatSgDateTime } from '@kujiya/shared';
import { useAdminCollections } from '../api/getAdminCollections';
import { useUpdateCollectionStatus } from '../api/updateCollectionStatus';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { AuditLog } from './AuditLog';
import { AdminTable, type AdminColumn } from './table/AdminTable';
import { FilterSelect } from './table/FilterSelect';

export const CANCEL_WARNING = 'Cancelling returns all items of this collection to the user’s inventory. Continue?';

/** Completing is final (docs/rules/back-office.md): the owner is asked first, and warned before the slot. */
function StatusSelect({ row }: { row: AdminCollectionRow }) {
  const update = useUpdateCollectionStatus();
  const [confirming, setConfirming] = useState(false);
  const final = row.status !== 'pending';
  const apply = (status: 'completed' | 'cancelled') =>
    update.mutate(
      { id: row._id, status },
      {
        onError: () => window.alert('Failed to update status. Please try again.'),
        onSettled: () => setConfirming(false),
      },
    );
  const early = new Date(row.collectionDate).getTime() > Date.now();
  return (
    <>
      <select
        aria-label={`Status of ${row.collectionId}`}
        value={row.status}
        disabled={final || update.isPending}
        onChange={(event) => {
          const status = event.target.value as 'completed' | 'cancelled';
          if (status === 'completed') return setConfirming(true);
          if (window.confirm(CANCEL_WARNING)) apply(status);
        }}
      >
        <option value="pending">Pending</option>
        <option value="completed">Completed</option>
        <option value="cancelled">Cancelled</option>
      </select>
      <ConfirmDialog
        open={confirming}
        title="Complete this collection?"
        confirmLabel="Mark completed"
        busy={update.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => apply('completed')}
      >
        {early && (
          <p role="alert">
            <strong>Its slot has not come yet: {formatSgDateTime(row.collectionDate)}.</strong>
          </p>
        )}
        <p>
          {row.username} has collected {row.collectionId}: its items leave their inventory for good. This cannot be
          undone.
        </p>
      </ConfirmDialog>
    </>
  );
}

/** /admin/selfcollect: booked pick-ups; pending → completed or cancelled, then final. */
export function SelfCollectPage() {
  const [query, setQuery] = useState<AdminCollectionsQuery>({ page: 1, search: '', status: 'all' });
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const { data, error, isLoading } = useAdminCollections(query);
  const columns: AdminColumn<AdminCollectionRow>[] = [
    { key: 'ref', header: 'Collection', render: (r) => r.collectionId, sortValue: (r) => r.collectionId },
    { key: 'user', header: 'User', render: (r) => r.username, sortValue: (r) => r.username },
    {
      key: 'date',
      header: 'Collection date',
      render: (r) => formatSgDateTime(r.collectionDate),
      sortValue: (r) => r.collectionDate,
    },
    { key: 'content', header: 'Parcel content', render: (r) => <span className="admin-wrap">{r.parcelContent}</span> },
    { key: 'status', header: 'Status', render: (r) => <StatusSelect row={r} />, sortValue: (r) => r.status },
    {
      key: 'history',
      header: 'History',
      render: (r) => (
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => setHistoryOf(historyOf === r._id ? null : r._id)}
        >
          {historyOf === r._id ? 'Hide' : 'Show'}
        </button>
      ),
    },
  ];
  return (
    <main className="admin-page admin-page--wide">
      <h1 className="admin-title">Self Collections</h1>
      <AdminTable
        label="Self collections"
        columns={columns}
        rows={data?.collections}
        rowKey={(r) => r._id}
        isLoading={isLoading}
        error={error}
        page={query.page}
        totalPages={data?.totalPages ?? 1}
        onPageChange={(page) => setQuery((q) => ({ ...q, page }))}
        onSearch={(search) => setQuery((q) => ({ ...q, search, page: 1 }))}
        searchPlaceholder="Username, e-mail or collection id"
        toolbar={
          <FilterSelect
            label="Status"
            value={query.status}
            options={[
              { value: 'all', label: 'All' },
              { value: 'pending', label: 'Pending' },
              { value: 'completed', label: 'Completed' },
              { value: 'cancelled', label: 'Cancelled' },
            ]}
            onChange={(status: AdminCollectionsQuery['status']) => setQuery((q) => ({ ...q, status, page: 1 }))}
          />
        }
      />
      {historyOf && <AuditLog entityType="collection" entityId={historyOf} />}
    </main>
  );
}

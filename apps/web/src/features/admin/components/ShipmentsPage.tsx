import { useState } from 'react';
import { centsToDollars, type AdminShipmentRow, type AdminShipmentsQuery, formatSgDateTime } from '@kujiya/shared';
import { ApiError } from '../../../lib/api-client';
import { useAdminShipments } from '../api/getAdminShipments';
import { useExportPendingShipments } from '../api/exportPendingShipments';
import { useMarkShipped } from '../api/markShipped';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { AuditLog } from './AuditLog';
import { AdminTable, type AdminColumn } from './table/AdminTable';
import { FilterSelect } from './table/FilterSelect';

/** /admin/shipments: paid parcels, pending or shipped; mark shipped; export the pending labels as a PDF. */
export function ShipmentsPage() {
  const [query, setQuery] = useState<AdminShipmentsQuery>({ page: 1, search: '', status: 'all' });
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  // Marking shipped is final and tells the shopper (docs/rules/back-office.md): asked first.
  const [shipping, setShipping] = useState<AdminShipmentRow | null>(null);
  const { data, error, isLoading } = useAdminShipments(query);
  const markShipped = useMarkShipped();
  const exportPending = useExportPendingShipments();

  const onExport = () =>
    exportPending.mutate(undefined, {
      onSuccess: (blob) => {
        const url = URL.createObjectURL(blob);
        const link = document.createElement('a');
        link.href = url;
        link.download = 'pending-shipments.pdf';
        link.click();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
      },
      onError: (e) =>
        window.alert(
          e instanceof ApiError && e.status === 404 ? e.message : 'Failed to export shipments. Please try again.',
        ),
    });

  const columns: AdminColumn<AdminShipmentRow>[] = [
    { key: 'id', header: 'Shipment', render: (r) => <code>{r._id.slice(0, 8)}</code>, sortValue: (r) => r._id },
    { key: 'date', header: 'Date', render: (r) => formatSgDateTime(r.createdAt), sortValue: (r) => r.createdAt },
    { key: 'user', header: 'User', render: (r) => r.username, sortValue: (r) => r.username },
    { key: 'receiver', header: 'Receiver', render: (r) => r.receiverName, sortValue: (r) => r.receiverName },
    { key: 'content', header: 'Parcel content', render: (r) => <span className="admin-wrap">{r.parcelContent}</span> },
    {
      key: 'fee',
      header: 'Fee',
      render: (r) => `$${centsToDollars(r.shippingFee).toFixed(2)}`,
      sortValue: (r) => r.shippingFee,
    },
    { key: 'paid', header: 'Paid', render: (r) => (r.paid ? 'Yes' : 'No') },
    {
      key: 'awb',
      header: 'AWB',
      render: (r) =>
        r.attention ? (
          <span className="admin-badge admin-badge--attention" title={r.courierLastError ?? undefined}>
            Needs attention
          </span>
        ) : (
          (r.awbNumber ?? '–')
        ),
      sortValue: (r) => (r.attention ? '' : (r.awbNumber ?? '~')),
    },
    {
      key: 'shipped',
      header: 'Shipped',
      render: (r) =>
        r.shipped ? (
          'Shipped'
        ) : (
          <button
            type="button"
            className="btn btn--primary"
            disabled={markShipped.isPending}
            onClick={() => setShipping(r)}
          >
            Mark shipped
          </button>
        ),
      sortValue: (r) => r.shipped,
    },
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
      <div className="admin-heading">
        <h1 className="admin-title">Shipments</h1>
        <button type="button" className="btn btn--primary" onClick={onExport} disabled={exportPending.isPending}>
          Export pending
        </button>
      </div>
      <AdminTable
        label="Shipments"
        columns={columns}
        rows={data?.shipments}
        rowKey={(r) => r._id}
        isLoading={isLoading}
        error={error}
        page={query.page}
        totalPages={data?.totalPages ?? 1}
        onPageChange={(page) => setQuery((q) => ({ ...q, page }))}
        onSearch={(search) => setQuery((q) => ({ ...q, search, page: 1 }))}
        searchPlaceholder="Username, e-mail, receiver or AWB"
        toolbar={
          <FilterSelect
            label="Status"
            value={query.status}
            options={[
              { value: 'all', label: 'All' },
              { value: 'pending', label: 'Pending' },
              { value: 'shipped', label: 'Shipped' },
            ]}
            onChange={(status: AdminShipmentsQuery['status']) => setQuery((q) => ({ ...q, status, page: 1 }))}
          />
        }
      />
      {historyOf && <AuditLog entityType="shipment" entityId={historyOf} />}
      <ConfirmDialog
        open={shipping !== null}
        title="Mark this parcel shipped?"
        confirmLabel="Mark shipped"
        busy={markShipped.isPending}
        onCancel={() => setShipping(null)}
        onConfirm={() =>
          markShipped.mutate(shipping!._id, {
            onError: () => window.alert('Failed to update status. Please try again.'),
            onSettled: () => setShipping(null),
          })
        }
      >
        {shipping && (
          <p>
            The parcel to {shipping.receiverName} ({shipping.parcelContent}) is marked shipped and {shipping.username}{' '}
            is told it is on its way. This cannot be undone.
          </p>
        )}
      </ConfirmDialog>
    </main>
  );
}

import { useState } from 'react';
import { Link } from 'react-router';
import {
  auditEntityTypeSchema,
  type AuditEntityType,
  type AuditEntry,
  type AuditLogQuery,
  formatSgDateTime,
} from '@kujiya/shared';
import { useAuditLog } from '../api/getAuditLog';
import { labelOf } from '../labels';
import { AuditChange } from './AuditLog';
import { AdminTable, type AdminColumn } from './table/AdminTable';
import { FilterSelect } from './table/FilterSelect';

/** Where the record an entry concerns is shown, when it has a page of its own. */
const TARGET_PAGES: Partial<Record<AuditEntityType, (id: string) => string>> = {
  product: (id) => `/admin/product/${id}`,
  order: (id) => `/admin/orders/${id}`,
  shopper: (id) => `/admin/shoppers/${id}`,
};

/** /admin/audit-log: every admin change of the shop, newest first, filtered by admin, action, target and days. */
export function AuditLogPage() {
  const [query, setQuery] = useState<AuditLogQuery>({ page: 1 });
  const { data, error, isLoading } = useAuditLog(query);
  const filter = (change: Partial<AuditLogQuery>) => setQuery((q) => ({ ...q, ...change, page: 1 }));
  const onlyThis = (entry: AuditEntry) => filter({ entityType: entry.entityType, entityId: entry.entityId });

  const columns: AdminColumn<AuditEntry>[] = [
    { key: 'at', header: 'When', render: (e) => formatSgDateTime(e.at) },
    { key: 'admin', header: 'Admin', render: (e) => e.adminName },
    { key: 'action', header: 'Action', render: (e) => <code>{e.action}</code> },
    {
      key: 'target',
      header: 'Target',
      render: (e) => {
        const page = TARGET_PAGES[e.entityType]?.(e.entityId);
        return (
          <span className="admin-wrap">
            {labelOf(e.entityType)}{' '}
            {page ? <Link to={page}>{e.entityId.slice(0, 8)}</Link> : <code>{e.entityId.slice(0, 8)}</code>}{' '}
            <button
              type="button"
              className="admin-link-button"
              onClick={() => onlyThis(e)}
              aria-label={`Only changes of ${e.entityType} ${e.entityId}`}
            >
              only this
            </button>
          </span>
        );
      },
    },
    { key: 'change', header: 'Change', render: (e) => <AuditChange entry={e} /> },
  ];

  return (
    <main className="admin-page admin-page--wide">
      <h1 className="admin-title">Audit Log</h1>
      <AdminTable
        label="Audit log"
        columns={columns}
        rows={data?.entries}
        rowKey={(e) => e.id}
        isLoading={isLoading}
        error={error}
        page={query.page}
        totalPages={data?.totalPages ?? 1}
        onPageChange={(page) => setQuery((q) => ({ ...q, page }))}
        emptyText="No admin changes match."
        toolbar={
          <>
            <FilterSelect
              label="Admin"
              value={query.actor ?? ''}
              options={[
                { value: '', label: 'Anyone' },
                ...(data?.actors ?? []).map((name) => ({ value: name, label: name })),
              ]}
              onChange={(actor) => filter({ actor: actor || undefined })}
            />
            <FilterSelect
              label="Action"
              value={query.action ?? ''}
              options={[
                { value: '', label: 'Any' },
                ...(data?.actions ?? []).map((action) => ({ value: action, label: action })),
              ]}
              onChange={(action) => filter({ action: action || undefined })}
            />
            <FilterSelect
              label="Target"
              value={query.entityType ?? ''}
              options={[
                { value: '', label: 'Any' },
                ...auditEntityTypeSchema.options.map((type) => ({ value: type, label: labelOf(type) })),
              ]}
              onChange={(type) =>
                filter({ entityType: (type || undefined) as AuditEntityType | undefined, entityId: undefined })
              }
            />
            <label>
              From{' '}
              <input
                type="date"
                value={query.from ?? ''}
                max={query.to}
                onChange={(e) => filter({ from: e.target.value || undefined })}
              />
            </label>
            <label>
              To{' '}
              <input
                type="date"
                value={query.to ?? ''}
                min={query.from}
                onChange={(e) => filter({ to: e.target.value || undefined })}
              />
            </label>
            {query.entityId && (
              <button type="button" className="btn btn--ghost" onClick={() => filter({ entityId: undefined })}>
                Any {labelOf(query.entityType ?? 'record').toLowerCase()} (clear {query.entityId.slice(0, 8)})
              </button>
            )}
          </>
        }
      />
    </main>
  );
}

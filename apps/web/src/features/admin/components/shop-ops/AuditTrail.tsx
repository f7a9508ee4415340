import type { AuditEntityType } from '@kujiya/shared';
import { useAuditEntries } from '../../api/auditEntries';
import { formatWhen } from './form-values';

/** The changes of one record, shown beside it: who, when, what it was and what it became. */
export function AuditTrail({ entityType, entityId }: { entityType: AuditEntityType; entityId: string }) {
  const { data, error } = useAuditEntries(entityType, entityId);
  return (
    <section className="ops-audit" aria-label="Change history">
      <h3 className="ops-subtitle">Change history</h3>
      {error && <p role="alert">Error: {error.message}</p>}
      {data && data.entries.length === 0 && <p className="ops-muted">No changes recorded.</p>}
      <ol className="ops-audit__list">
        {data?.entries
          .slice()
          .reverse()
          .map((entry) => (
            <li key={entry.id} className="ops-audit__entry">
              <div>
                <strong>{entry.action}</strong> by {entry.adminName} · {formatWhen(entry.at)}
              </div>
              <details>
                <summary>Before and after</summary>
                <pre>{JSON.stringify({ before: entry.before, after: entry.after }, null, 1)}</pre>
              </details>
            </li>
          ))}
      </ol>
    </section>
  );
}

import type { AuditEntityType, AuditEntry } from '@kujiya/shared';
import { formatSgDateTime } from '@kujiya/shared';
import { useAudit } from '../api/getAudit';

/** What the entry changed: the record before and after, folded away. */
export function AuditChange({ entry }: { entry: AuditEntry }) {
  return (
    <details>
      <summary>Before and after</summary>
      <pre>{JSON.stringify({ before: entry.before, after: entry.after }, null, 1)}</pre>
    </details>
  );
}

/** The audit entries about one record, beside it, newest first: who changed what, when, before and after. */
export function AuditLog({ entityType, entityId }: { entityType: AuditEntityType; entityId: string }) {
  const { data, error } = useAudit(entityType, entityId);
  if (error)
    return (
      <p className="admin-error" role="alert">
        Error: {error.message}
      </p>
    );
  const entries = (data?.entries ?? []).slice().reverse();
  return (
    <section className="admin-audit" aria-label="Change history">
      <h2 className="admin-subtitle">Change history</h2>
      {data && entries.length === 0 ? (
        <p className="admin-muted">No admin changes yet.</p>
      ) : (
        <ol className="admin-audit__list">
          {entries.map((entry) => (
            <li key={entry.id}>
              <strong>{entry.action}</strong> by {entry.adminName} · {formatSgDateTime(entry.at)}
              <AuditChange entry={entry} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

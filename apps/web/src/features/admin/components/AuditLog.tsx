import type { AuditEntityType } from '@kujiya/shared';
import { useAudit } from '../api/getAudit';

const when = (iso: string) => new Date(iso).toLocaleString('en-SG', { timeZone: 'Asia/Singapore', dateStyle: 'medium', timeStyle: 'short' });

/** The audit entries about one record, beside it: who changed what, when, before and after. */
export function AuditLog({ entityType, entityId }: { entityType: AuditEntityType; entityId: string }) {
  const { data, error } = useAudit(entityType, entityId);
  if (error) return <p className="admin-error">Error: {error.message}</p>;
  const entries = data?.entries ?? [];
  return (
    <section className="admin-audit" aria-label="Change history">
      <h2 className="admin-subtitle">Change history</h2>
      {entries.length === 0 ? (
        <p className="admin-muted">No admin changes yet.</p>
      ) : (
        <ol className="admin-audit__list">
          {entries.map((entry) => (
            <li key={entry.id}>
              <strong>{entry.action}</strong> by {entry.adminName} · {when(entry.at)}
              <details>
                <summary>Before and after</summary>
                <pre>{JSON.stringify({ before: entry.before, after: entry.after }, null, 2)}</pre>
              </details>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

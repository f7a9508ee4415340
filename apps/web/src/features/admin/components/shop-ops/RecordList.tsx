/** Another module's records as a plain list, showing the fields that exist on them. */
export function RecordList({ title, records, fields }: { title: string; records: Record<string, unknown>[]; fields: string[] }) {
  return (
    <section className="ops-card" aria-label={title}>
      <h2 className="ops-subtitle">
        {title} ({records.length})
      </h2>
      {records.length === 0 ? (
        <p className="ops-muted">None.</p>
      ) : (
        <ul className="ops-list">
          {records.map((record, index) => (
            <li key={String(record._id ?? record.id ?? index)}>
              {fields
                .filter((field) => record[field] !== undefined && record[field] !== null)
                .map((field) => `${field}: ${String(record[field])}`)
                .join(' · ') || JSON.stringify(record).slice(0, 160)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

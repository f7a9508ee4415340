import type { AdminDoubleChancePrize } from '@kujiya/shared';

/**
 * The set's double-chance prizes (drawn among all tickets at sell-out). Rows keep their id so the
 * server knows an edit from a new prize; a change of units needs Save and reload mid-round.
 */
export function DoubleChancePrizesEditor({
  prizes,
  onChange,
}: {
  prizes: AdminDoubleChancePrize[];
  onChange: (next: AdminDoubleChancePrize[]) => void;
}) {
  const edit = (index: number, patch: Partial<AdminDoubleChancePrize>) =>
    onChange(prizes.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  return (
    <section className="admin-double-chance" aria-label="Double-chance prizes">
      <h2 className="admin-subtitle">Double-chance prizes</h2>
      {prizes.length === 0 && <p className="admin-muted">No double-chance prizes yet.</p>}
      <ul className="admin-prizes">
        {prizes.map((prize, index) => (
          <li key={prize.id ?? `new-${index}`} className="admin-card admin-double-chance__row">
            <label>
              Name
              <input
                aria-label={`Double-chance prize ${index + 1} name`}
                value={prize.name}
                onChange={(e) => edit(index, { name: e.target.value })}
              />
            </label>
            <label>
              Description
              <input
                aria-label={`Double-chance prize ${index + 1} description`}
                value={prize.description ?? ''}
                onChange={(e) => edit(index, { description: e.target.value || undefined })}
              />
            </label>
            <label>
              Quantity
              <input
                type="number"
                min={1}
                aria-label={`Double-chance prize ${index + 1} quantity`}
                value={prize.quantity}
                onChange={(e) => edit(index, { quantity: Number(e.target.value) })}
              />
            </label>
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => onChange(prizes.filter((_, i) => i !== index))}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn--ghost" onClick={() => onChange([...prizes, { name: '', quantity: 1 }])}>
        Add double-chance prize
      </button>
    </section>
  );
}

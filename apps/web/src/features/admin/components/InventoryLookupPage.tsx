import { useState, type FormEvent } from 'react';
import { serverMessageOf } from '../../../lib/api-client';
import { formatSgDate } from '@kujiya/shared';
import { useUserInventoryLookup } from '../api/getUserInventory';

/** /admin/inventory-lookup: any shopper's inventory by username or e-mail. */
export function InventoryLookupPage() {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const lookup = useUserInventoryLookup();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setProblem('Please enter a username or email');
    setProblem(null);
    lookup.mutate(text.trim(), {
      onError: (error) => setProblem(serverMessageOf(error) ?? 'Failed to fetch inventory'),
    });
  };
  const sets = lookup.data ? Object.entries(lookup.data) : null;
  return (
    <main className="admin-page">
      <h1 className="admin-title">Inventory Lookup</h1>
      <form className="admin-inline-form" onSubmit={onSubmit}>
        <input
          aria-label="Username or email"
          placeholder="Username or email"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn btn--primary" disabled={lookup.isPending}>
          Look up
        </button>
      </form>
      {problem && (
        <p className="admin-error" role="alert">
          {problem}
        </p>
      )}
      {sets && sets.length === 0 && <p className="admin-muted">This user has no items.</p>}
      {sets?.map(([setName, items]) => (
        <section key={setName} className="admin-card admin-inventory-set">
          <h2 className="admin-subtitle">{setName}</h2>
          <ul>
            {items.map((item) =>
              item.batches.map((batch) => (
                <li key={batch.batchId}>
                  {batch.quantity} x {item.prizeName} ({item.type}) ·{' '}
                  {batch.shipByDate ? `ship by ${formatSgDate(batch.shipByDate)}` : 'Pre-order'}
                  {batch.inTrade ? ' · In Trade' : ''}
                </li>
              )),
            )}
          </ul>
        </section>
      ))}
    </main>
  );
}

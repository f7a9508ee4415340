import { formatSgDate } from '@kujiya/shared';
import type { InventoryAction, InventoryBatch, InventoryItem, SelectedItem } from '../lib/model';
import type { InventorySetGroup } from '../lib/inventory-view';
import { PrizeCard } from './PrizeCard';

interface SetGroupProps {
  group: InventorySetGroup;
  action: InventoryAction | null;
  selection: readonly SelectedItem[];
  now: Date;
  onQuantity: (setName: string, item: InventoryItem, batch: InventoryBatch, quantity: number) => void;
}

/** One set: its name, the estimated arrival of a pre-order set, and its prize cards. */
export function SetGroup({ group, action, selection, now, onQuantity }: SetGroupProps) {
  const headingId = `set-${group.setName.replace(/\W+/g, '-')}`;
  return (
    <section
      className="set-group"
      aria-labelledby={headingId}
      data-testid="inventory-set"
      data-set-name={group.setName}
    >
      <h2 id={headingId} className="set-group__title">
        {group.setName}
      </h2>
      {group.arrival && <p className="set-group__arrival">Estimated arrival: {formatSgDate(group.arrival)}</p>}
      <ul className="set-group__prizes">
        {group.items.map((item) => (
          <PrizeCard
            key={item.id}
            item={item}
            action={action}
            selection={selection}
            now={now}
            onQuantity={(i, batch, quantity) => onQuantity(group.setName, i, batch, quantity)}
          />
        ))}
      </ul>
    </section>
  );
}

import type { SelectedItem } from '@kujiya/shared';

/** The chosen units, as the confirm and self-collection popups list them. */
export function SelectedItemList({ selection }: { selection: readonly SelectedItem[] }) {
  return (
    <ul className="selected-items" aria-label="Selected items">
      {selection.map((entry) => (
        <li key={`${entry.inventoryId}:${entry.batchId}`}>
          <span>
            {entry.prizeName} <span className="selected-items__set">({entry.setName})</span>
          </span>
          <strong>× {entry.quantity}</strong>
        </li>
      ))}
    </ul>
  );
}

import type { InventoryAction, InventoryStatusFilter } from '../lib/model';
import { actionLabels } from '../lib/selection';

const actions: InventoryAction[] = ['ship', 'selfCollect', 'trade', 'abandon'];
const statusOptions: { value: InventoryStatusFilter; label: string }[] = [
  { value: 'All', label: 'All Items' },
  { value: 'Instock', label: 'In Stock' },
  { value: 'Preorder', label: 'Pre-order' },
];

interface InventoryToolbarProps {
  action: InventoryAction | null;
  onAction: (action: InventoryAction) => void;
  query: string;
  onQuery: (query: string) => void;
  status: InventoryStatusFilter;
  onStatus: (status: InventoryStatusFilter) => void;
}

/** The four action buttons, the search box and the status filter. */
export function InventoryToolbar({ action, onAction, query, onQuery, status, onStatus }: InventoryToolbarProps) {
  return (
    <div className="inventory-toolbar">
      <div className="inventory-actions" role="group" aria-label="Inventory actions">
        {actions.map((name) => (
          <button
            key={name}
            type="button"
            className={name === action ? 'inventory-action inventory-action--active' : 'inventory-action'}
            aria-pressed={name === action}
            onClick={() => onAction(name)}
          >
            {actionLabels[name].button}
          </button>
        ))}
      </div>
      <div className="inventory-filters">
        <input
          type="search"
          className="inventory-search"
          placeholder="Search sets or prizes"
          aria-label="Search inventory"
          value={query}
          onChange={(event) => onQuery(event.target.value)}
        />
        <select
          className="inventory-status"
          aria-label="Filter by status"
          value={status}
          onChange={(event) => onStatus(event.target.value as InventoryStatusFilter)}
        >
          {statusOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

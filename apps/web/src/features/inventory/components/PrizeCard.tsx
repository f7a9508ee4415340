import { isShipBySoon } from '@kujiya/shared';
import type { InventoryAction, InventoryBatch, InventoryItem, SelectedItem } from '../lib/model';
import { imageUrl } from '../../../lib/image-url';
import { batchBlockReason } from '../lib/action-rules';
import { batchKey, selectedQuantity } from '../lib/selection';
import { BatchRow } from './BatchRow';

interface PrizeCardProps {
  item: InventoryItem;
  action: InventoryAction | null;
  selection: readonly SelectedItem[];
  now: Date;
  onQuantity: (item: InventoryItem, batch: InventoryBatch, quantity: number) => void;
}

/** One won prize: image, name, Big/Small indicator and its batches. */
export function PrizeCard({ item, action, selection, now, onQuantity }: PrizeCardProps) {
  return (
    <li className="prize-card card" data-testid="inventory-prize" data-prize-name={item.prizeName}>
      <div className="prize-card__head">
        <img className="prize-card__image" src={imageUrl(item.image)} alt="" loading="lazy" />
        <div>
          <h3 className="prize-card__name">{item.prizeName}</h3>
          <span className={`prize-type prize-type--${item.type.toLowerCase()}`}>{item.type} prize</span>
          {item.description && <p className="prize-card__description">{item.description}</p>}
        </div>
      </div>
      <ul className="prize-card__batches">
        {item.batches.map((batch) => (
          <BatchRow
            key={batchKey(item.id, batch.batchId)}
            batch={batch}
            prizeName={item.prizeName}
            selecting={action !== null}
            selected={selectedQuantity(selection, item.id, batch.batchId)}
            blockReason={batchBlockReason(action, batch, now)}
            dueSoon={isShipBySoon(batch.shipByDate, now)}
            onQuantity={(quantity) => onQuantity(item, batch, quantity)}
          />
        ))}
      </ul>
    </li>
  );
}

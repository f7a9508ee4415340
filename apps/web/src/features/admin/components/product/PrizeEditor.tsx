import type { AdminPrize } from '@kujiya/shared';
import type { ProductDraft } from '../../product-draft';
import { ImagePicker } from './ImagePicker';

/**
 * The prizes: this round's counts as text, the description and image (editable at once), and each
 * letter prize's "Next round" quantity (a change is applied by a Reload Set).
 */
export function PrizeEditor({
  prizes,
  draft,
  onChange,
}: {
  prizes: AdminPrize[];
  draft: ProductDraft;
  onChange: (next: ProductDraft) => void;
}) {
  const setPrize = (id: string, patch: Partial<ProductDraft['prizes'][string]>) =>
    onChange({ ...draft, prizes: { ...draft.prizes, [id]: { ...draft.prizes[id]!, ...patch } } });
  return (
    <ul className="admin-prizes product-editor__prizes">
      {prizes.map((prize) => (
        <li key={prize.id} className="admin-card product-editor__prize">
          <ImagePicker
            label={`${prize.name} image`}
            image={draft.prizes[prize.id]?.image ?? prize.image}
            onChange={(image) => setPrize(prize.id, { image })}
            size={48}
          />
          <div className="product-editor__prize-main">
            <span>
              <strong>{prize.name}</strong> · {prize.type} · {prize.remainingQuantity}/{prize.initialQuantity} left this
              round
            </span>
            <label>
              Description
              <input
                aria-label={`${prize.name} description`}
                value={draft.prizes[prize.id]?.description ?? prize.description}
                onChange={(e) => setPrize(prize.id, { description: e.target.value })}
              />
            </label>
          </div>
          {prize.kind === 'letter' && (
            <label className="product-editor__next">
              Next round
              <input
                type="number"
                min={1}
                aria-label={`${prize.name} quantity`}
                value={draft.quantities[prize.letter] ?? prize.initialQuantity}
                onChange={(e) =>
                  onChange({
                    ...draft,
                    quantities: { ...draft.quantities, [prize.letter]: Math.max(0, Number(e.target.value)) },
                  })
                }
              />
            </label>
          )}
        </li>
      ))}
    </ul>
  );
}

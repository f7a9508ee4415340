import type { AdminPromotionsResponse } from '@kujiya/shared';
import type { ProductDraft } from '../../product-draft';
import { ImagePicker } from './ImagePicker';

/** The set's own fields: name, description, image, tags, prices, SKU, status, promotion, flags. */
export function ProductFields({
  draft,
  onChange,
  preorder,
  promotions,
}: {
  draft: ProductDraft;
  onChange: (next: ProductDraft) => void;
  preorder: boolean;
  promotions: AdminPromotionsResponse['promotions'];
}) {
  const set = <K extends keyof ProductDraft>(key: K, value: ProductDraft[K]) => onChange({ ...draft, [key]: value });
  return (
    <>
      <div className="product-editor__top">
        <ImagePicker
          label="Product image"
          image={draft.productImage}
          onChange={(image) => set('productImage', image)}
          size={96}
        />
        <div className="product-editor__grow">
          <label>
            Name
            <input value={draft.productName} onChange={(e) => set('productName', e.target.value)} />
          </label>
          <label>
            Description
            <textarea rows={2} value={draft.description} onChange={(e) => set('description', e.target.value)} />
          </label>
        </div>
      </div>
      <div className="admin-form__row">
        <label>
          Tags (comma separated)
          <input value={draft.tags} onChange={(e) => set('tags', e.target.value)} />
        </label>
        <label>
          Price (SGD)
          <input
            type="number"
            min={0.01}
            step={0.01}
            value={draft.price}
            onChange={(e) => set('price', e.target.value)}
          />
        </label>
        <label>
          Token value
          <input type="number" min={1} step={1} value={draft.token} onChange={(e) => set('token', e.target.value)} />
        </label>
      </div>
      <div className="admin-form__row">
        <label>
          SKU
          <input value={draft.sku} onChange={(e) => set('sku', e.target.value)} />
        </label>
        <label>
          Status
          <select value={draft.status} onChange={(e) => set('status', e.target.value as ProductDraft['status'])}>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </select>
        </label>
        <label>
          Promotion
          <select value={draft.promotionId ?? ''} onChange={(e) => set('promotionId', e.target.value || null)}>
            <option value="">None</option>
            {promotions.map((p) => (
              <option key={p._id} value={p._id}>
                {p.description}
              </option>
            ))}
          </select>
        </label>
      </div>
      {preorder && (
        <label>
          Arrival
          <input value={draft.arrival ?? ''} onChange={(e) => set('arrival', e.target.value || null)} />
        </label>
      )}
      <div className="admin-form__checks">
        <label>
          <input type="checkbox" checked={draft.doubleChance} onChange={(e) => set('doubleChance', e.target.checked)} />{' '}
          Double chance
        </label>
        <label>
          <input
            type="checkbox"
            checked={draft.lottery.enabled}
            onChange={(e) => set('lottery', { ...draft.lottery, enabled: e.target.checked })}
          />{' '}
          Lottery enabled
        </label>
        <label>
          <input
            type="checkbox"
            checked={draft.lottery.completed}
            onChange={(e) => set('lottery', { ...draft.lottery, completed: e.target.checked })}
          />{' '}
          Lottery completed
        </label>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => set('lottery', { enabled: false, completed: false })}
        >
          Reset lottery
        </button>
      </div>
    </>
  );
}

import { useState } from 'react';
import { useParams } from 'react-router';
import type { AdminProduct, AdminProductUpdate } from '@kujiya/shared';
import { ApiError, serverMessageOf } from '../../../lib/api-client';
import { imageUrl } from '../../../lib/image-url';
import { useAdminProduct } from '../api/getAdminProduct';
import { usePromotions } from '../api/getPromotions';
import { useReloadSet } from '../api/reloadSet';
import { useUpdateAdminProduct } from '../api/updateAdminProduct';
import { useUpdateAvailability } from '../api/updateAvailability';
import { labelOf } from '../labels';
import { AuditLog } from './AuditLog';
import { DoubleChancePrizesEditor } from './DoubleChancePrizesEditor';

/** The editable payload as loaded: Save appears only when the draft differs from it. */
function payloadOf(product: AdminProduct): AdminProductUpdate {
  return {
    sku: product.productSku,
    quantity: product.productQuantity,
    sold: product.sold,
    status: product.active ? 'active' : 'inactive',
    arrival: product.arrival,
    doubleChance: product.doubleChance,
    promotionId: product.promotion?.id ?? null,
    lottery: { enabled: product.lottery.enabled, completed: product.lottery.completed },
    prizesQuantities: Object.fromEntries(product.prizes.filter((p) => p.kind === 'letter').map((p) => [p.letter, p.initialQuantity])),
    doubleChancePrizes: product.prizes
      .filter((p) => p.kind === 'double')
      .map((p) => ({ id: p.id, name: p.name, description: p.description, quantity: p.initialQuantity })),
  };
}

/** /admin/product/{id}: detail and edit, Reload Set, availability, and the change history. */
export function ProductDetailPage() {
  const { id = '' } = useParams();
  const { data: product, error } = useAdminProduct(id);
  // Kept above the editor: a reload remounts the editor, the notice stays.
  const [notice, setNotice] = useState<string | null>(null);
  if (error) return <main className="admin-page"><p className="admin-error">{error instanceof ApiError && error.status === 404 ? 'Product not found' : `Error: ${error.message}`}</p></main>;
  if (!product) return <main className="admin-page">Loading…</main>;
  // Keyed by round: a reload (new round) starts a fresh draft.
  return <ProductEditor key={product.setId} product={product} notice={notice} setNotice={setNotice} />;
}

function ProductEditor({ product, notice, setNotice }: { product: AdminProduct; notice: string | null; setNotice: (text: string) => void }) {
  const loaded = payloadOf(product);
  const [draft, setDraft] = useState<AdminProductUpdate>(loaded);
  const [problem, setProblem] = useState<string | null>(null);
  const [needsReload, setNeedsReload] = useState(false);
  const promotions = usePromotions();
  const update = useUpdateAdminProduct(product.id);
  const reload = useReloadSet(product.id);
  const availability = useUpdateAvailability(product.id);
  const changed = JSON.stringify(draft) !== JSON.stringify(loaded);

  const save = (withReload: boolean) => {
    setProblem(null);
    update.mutate(
      { ...draft, reload: withReload || undefined },
      {
        onSuccess: () => {
          setNeedsReload(false);
          setNotice(withReload ? 'Saved and reloaded: a new round is open.' : 'Saved.');
        },
        onError: (e) => {
          setProblem(serverMessageOf(e) ?? 'Failed to save the product');
          setNeedsReload(e instanceof ApiError && e.status === 409);
        },
      },
    );
  };

  return (
    <main className="admin-page">
      <div className="admin-product-head">
        <img src={imageUrl(product.productImage)} alt="" width={96} height={96} />
        <div>
          <h1 className="admin-title">{product.productName}</h1>
          <p className="admin-muted">
            Round {product.roundNumber} · {labelOf(product.roundStatus)} · {product.sold}/{product.productQuantity} sold · total sold {product.totalSold}
          </p>
          <p className="admin-muted admin-wrap">Commitment {product.commitment}</p>
        </div>
      </div>
      {notice && <p className="admin-notice" role="status">{notice}</p>}
      <form className="admin-form" onSubmit={(e) => { e.preventDefault(); save(false); }}>
        <div className="admin-form__row">
          <label>
            SKU
            <input value={draft.sku} onChange={(e) => setDraft({ ...draft, sku: e.target.value })} />
          </label>
          <label>
            Quantity
            <input type="number" min={0} value={draft.quantity} readOnly />
          </label>
          <label>
            Sold
            <input type="number" min={0} value={draft.sold} readOnly />
          </label>
        </div>
        <div className="admin-form__row">
          <label>
            Status
            <select value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.target.value as 'active' | 'inactive' })}>
              <option value="active">Active</option>
              <option value="inactive">Inactive</option>
            </select>
          </label>
          <label>
            Promotion
            <select value={draft.promotionId ?? ''} onChange={(e) => setDraft({ ...draft, promotionId: e.target.value || null })}>
              <option value="">None</option>
              {promotions.data?.promotions.map((p) => (
                <option key={p._id} value={p._id}>{p.description}</option>
              ))}
            </select>
          </label>
        </div>
        {product.preorder && (
          <label>
            Arrival
            <input value={draft.arrival ?? ''} onChange={(e) => setDraft({ ...draft, arrival: e.target.value || null })} />
          </label>
        )}
        <div className="admin-form__checks">
          <label>
            <input type="checkbox" checked={draft.doubleChance} onChange={(e) => setDraft({ ...draft, doubleChance: e.target.checked })} /> Double chance
          </label>
          <label>
            <input type="checkbox" checked={draft.lottery.enabled} onChange={(e) => setDraft({ ...draft, lottery: { ...draft.lottery, enabled: e.target.checked } })} /> Lottery enabled
          </label>
          <label>
            <input type="checkbox" checked={draft.lottery.completed} onChange={(e) => setDraft({ ...draft, lottery: { ...draft.lottery, completed: e.target.checked } })} /> Lottery completed
          </label>
          <button type="button" className="btn btn--ghost" onClick={() => setDraft({ ...draft, lottery: { enabled: false, completed: false } })}>
            Reset lottery
          </button>
        </div>
        {draft.doubleChance && (
          <DoubleChancePrizesEditor prizes={draft.doubleChancePrizes ?? []} onChange={(next) => setDraft({ ...draft, doubleChancePrizes: next })} />
        )}
        <h2 className="admin-subtitle">Prizes</h2>
        <ul className="admin-prizes">
          {product.prizes.map((prize) => (
            <li key={prize.id} className="admin-card">
              <img src={imageUrl(prize.image)} alt="" width={48} height={48} />
              <span>
                <strong>{prize.name}</strong> · {prize.type} · {prize.description}
                <br />
                {prize.remainingQuantity}/{prize.initialQuantity} left
              </span>
              {prize.kind === 'letter' && (
                <label>
                  Next round
                  <input
                    type="number"
                    min={0}
                    aria-label={`${prize.name} quantity`}
                    value={draft.prizesQuantities?.[prize.letter] ?? prize.initialQuantity}
                    onChange={(e) => setDraft({ ...draft, prizesQuantities: { ...draft.prizesQuantities, [prize.letter]: Math.max(0, Number(e.target.value)) } })}
                  />
                </label>
              )}
            </li>
          ))}
        </ul>
        {product.lottery.enabled && (
          <p className="admin-muted">
            Lottery: {product.lottery.ticketsLeft}/{product.lottery.totalTickets} entries left · {product.lottery.orders.length} paid orders
          </p>
        )}
        {problem && <p className="admin-error" role="alert">{problem}</p>}
        <div className="admin-actions">
          {changed && (
            <button type="submit" className="btn btn--primary" disabled={update.isPending}>
              Save
            </button>
          )}
          {needsReload && (
            <button type="button" className="btn btn--primary" onClick={() => save(true)} disabled={update.isPending}>
              Save and reload
            </button>
          )}
          <button
            type="button"
            className="btn btn--ghost"
            disabled={reload.isPending}
            onClick={() => {
              if (!window.confirm('Reload Set closes this round (its seed is revealed) and opens a new one. Continue?')) return;
              reload.mutate(undefined, {
                onSuccess: (r) => setNotice(`Reloaded: new round ${r.sku}.`),
                onError: (e) => setProblem(serverMessageOf(e) ?? 'Failed to reload the set'),
              });
            }}
          >
            Reload Set
          </button>
          {product.preorder && (
            <button
              type="button"
              className="btn btn--ghost"
              disabled={availability.isPending}
              onClick={() =>
                availability.mutate(
                  { availability: 'instock', updateInventory: true },
                  {
                    onSuccess: (r) => setNotice(`In stock: ${r.updatedBatches} batches now ship within two weeks; ${r.notifiedHolders} holders notified.`),
                    onError: () => window.alert('Failed to update availability. Please try again.'),
                  },
                )
              }
            >
              Convert to In Stock
            </button>
          )}
        </div>
      </form>
      <AuditLog entityType="product" entityId={product.id} />
    </main>
  );
}

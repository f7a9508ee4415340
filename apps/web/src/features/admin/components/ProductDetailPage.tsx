import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatSgDateTime, type AdminProduct, type AdminProductUpdate } from '@kujiya/shared';
import { ApiError, serverMessageOf } from '../../../lib/api-client';
import { useAdminProduct } from '../api/getAdminProduct';
import { usePromotions } from '../api/getPromotions';
import { useReloadSet } from '../api/reloadSet';
import { useUpdateAdminProduct } from '../api/updateAdminProduct';
import { useUpdateAvailability } from '../api/updateAvailability';
import { labelOf } from '../labels';
import { draftOf, editsOf, type ProductDraft } from '../product-draft';
import { AuditLog } from './AuditLog';
import { ConfirmDialog, type ConfirmRequest } from './ConfirmDialog';
import { DoubleChancePrizesEditor } from './DoubleChancePrizesEditor';
import { LotteryOrders } from './product/LotteryOrders';
import { PrizeEditor } from './product/PrizeEditor';
import { ProductFields } from './product/ProductFields';
import { DropSettingsFields } from './product/DropSettingsFields';
import './product/product-editor.css';

/** /admin/product/{id}: detail and edit, Reload Set, availability, lottery orders and the change history. */
export function ProductDetailPage() {
  const { id = '' } = useParams();
  const { data: product, error } = useAdminProduct(id);
  // Kept above the editor: a reload remounts the editor, the notice stays.
  const [notice, setNotice] = useState<string | null>(null);
  if (error)
    return (
      <main className="admin-page">
        <p className="admin-error">
          {error instanceof ApiError && error.status === 404 ? 'Product not found' : `Error: ${error.message}`}
        </p>
      </main>
    );
  if (!product) return <main className="admin-page">Loading…</main>;
  // Keyed by round: a reload (new round) starts a fresh draft.
  return <ProductEditor key={product.setId} product={product} notice={notice} setNotice={setNotice} />;
}

const reloadMessage = (product: AdminProduct) => (
  <p>
    Round {product.roundNumber} ({product.productSku}, {product.sold}/{product.productQuantity} sold) closes and its
    seed is revealed. A new round opens with the next SKU, nothing sold, no promotion and a new commitment. This cannot
    be undone.
  </p>
);

function ProductEditor({
  product,
  notice,
  setNotice,
}: {
  product: AdminProduct;
  notice: string | null;
  setNotice: (text: string) => void;
}) {
  const loaded = useMemo(() => draftOf(product), [product]);
  const [draft, setDraft] = useState<ProductDraft>(loaded);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const promotions = usePromotions();
  const update = useUpdateAdminProduct(product.id);
  const reload = useReloadSet(product.id);
  const availability = useUpdateAvailability(product.id);
  const { payload, needsReload } = editsOf(loaded, draft);
  const changed = Object.keys(payload).length > 0;

  const send = (body: AdminProductUpdate) => {
    setProblem(null);
    update.mutate(body, {
      onSuccess: (saved) => {
        setDraft(draftOf(saved));
        setNotice(body.reload ? 'Saved and reloaded: a new round is open.' : 'Saved.');
      },
      onError: (e) => {
        // The committed box of a running round: offer the same change as a Reload Set.
        if (e instanceof ApiError && e.status === 409 && !body.reload) return askReload({ ...body, reload: true });
        setProblem(serverMessageOf(e) ?? 'Failed to save the product');
      },
    });
  };
  const askReload = (body: AdminProductUpdate) =>
    setConfirm({
      title: 'Save and reload the set?',
      message: (
        <>
          {reloadMessage(product)}
          <p>The new prize quantities apply to the new round.</p>
        </>
      ),
      confirmLabel: 'Save and reload',
      onConfirm: () => send(body),
    });
  const save = () => (needsReload ? askReload({ ...payload, reload: true }) : send(payload));

  const askReloadSet = () =>
    setConfirm({
      title: 'Reload Set?',
      message: reloadMessage(product),
      confirmLabel: 'Reload Set',
      onConfirm: () =>
        reload.mutate(undefined, {
          onSuccess: (r) => setNotice(`Reloaded: new round ${r.sku}.`),
          onError: (e) => setProblem(serverMessageOf(e) ?? 'Failed to reload the set'),
        }),
    });
  const askConvert = () =>
    setConfirm({
      title: 'Convert to In Stock?',
      message: (
        <p>
          Every pre-order unit of {product.productName} starts its two-week ship-by clock now, and every holder is
          notified in the app and by e-mail. This cannot be undone.
        </p>
      ),
      confirmLabel: 'Convert and notify',
      onConfirm: () =>
        availability.mutate(
          { availability: 'instock', updateInventory: true },
          {
            onSuccess: (r) =>
              setNotice(
                `In stock: ${r.updatedBatches} batches now ship within two weeks; ${r.notifiedHolders} holders notified.`,
              ),
            onError: (e) => setProblem(serverMessageOf(e) ?? 'Failed to update availability. Please try again.'),
          },
        ),
    });

  return (
    <main className="admin-page product-editor">
      <h1 className="admin-title">{product.productName}</h1>
      <p>
        <Link to={`/admin/drops/${product.setId}`}>Drop monitor</Link> (live sales, tickets left and refusals of this
        round)
      </p>
      <dl className="product-editor__facts">
        <div>
          <dt>Round</dt>
          <dd>
            {product.roundNumber} · {labelOf(product.roundStatus)}
          </dd>
        </div>
        <div>
          <dt>Quantity</dt>
          <dd>{product.productQuantity}</dd>
        </div>
        <div>
          <dt>Sold</dt>
          <dd>{product.sold}</dd>
        </div>
        <div>
          <dt>Total sold</dt>
          <dd>{product.totalSold}</dd>
        </div>
        {product.salesStartAt && (
          <div>
            <dt>Opening</dt>
            <dd>{formatSgDateTime(product.salesStartAt)}</dd>
          </div>
        )}
        <div className="product-editor__commitment">
          <dt>Commitment</dt>
          <dd>{product.commitment}</dd>
        </div>
      </dl>
      {notice && (
        <p className="admin-notice" role="status">
          {notice}
        </p>
      )}
      <form
        className="admin-form"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <ProductFields
          draft={draft}
          onChange={setDraft}
          preorder={product.preorder}
          promotions={promotions.data?.promotions ?? []}
        />
        <DropSettingsFields idPrefix="edit" value={draft.drop} onChange={(drop) => setDraft({ ...draft, drop })} />
        {draft.doubleChance && (
          <DoubleChancePrizesEditor
            prizes={draft.doubleChancePrizes}
            onChange={(next) => setDraft({ ...draft, doubleChancePrizes: next })}
          />
        )}
        <h2 className="admin-subtitle">Prizes</h2>
        <PrizeEditor prizes={product.prizes} draft={draft} onChange={setDraft} />
        {problem && (
          <p className="admin-error" role="alert">
            {problem}
          </p>
        )}
        <div className="admin-actions">
          {changed && (
            <button type="submit" className="btn btn--primary" disabled={update.isPending}>
              Save
            </button>
          )}
          <button type="button" className="btn btn--ghost" disabled={reload.isPending} onClick={askReloadSet}>
            Reload Set
          </button>
          {product.preorder && (
            <button type="button" className="btn btn--ghost" disabled={availability.isPending} onClick={askConvert}>
              Convert to In Stock
            </button>
          )}
        </div>
      </form>
      {(product.lottery.enabled || product.lottery.orders.length > 0) && (
        <LotteryOrders
          orders={product.lottery.orders}
          ticketsLeft={product.lottery.ticketsLeft}
          totalTickets={product.lottery.totalTickets}
        />
      )}
      <AuditLog entityType="product" entityId={product.id} />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </main>
  );
}

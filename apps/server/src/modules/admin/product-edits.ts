import type { AdminAvailabilityRequest, AdminPrize, AdminProduct, AdminProductUpdate } from '@kujiya/shared';
import type { Principal } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../db/database.ts';
import { badRequest, conflict } from '../../core/http-errors.ts';
import type { AuditService } from '../audit/service.ts';
import { BOX_FIXED, nextSku, type CatalogueService, type ProposedPrize } from '../catalogue/service.ts';
import type { InventoryService } from '../inventory/service.ts';
import type { MediaService } from '../media/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { ProductDetail } from './product-detail.ts';
import { dropSettingsPatchOf } from './drop-settings-input.ts';

const PREORDER_ARRIVED = (name: string) => `Your pre-ordered items from ${name} have arrived and are ready to ship.`;

type Quantities = Record<string, number>;

/** What an accepted edit does: a plain edit, or a Reload Set (the shop client's payload or `reload: true`). */
interface EditPlan {
  specReload: boolean;
  reload: boolean;
  quantities: Quantities | undefined;
}

/**
 * The next round's quantity of each prize, keyed by letter, from `prizesQuantities` as an object
 * keyed by prize (id, name or letter) or a list of `{ _id or name, quantity }`. The Last Prize is
 * always one; naming it with 1 (as a full payload does) changes nothing.
 */
function nextRoundQuantities(
  prizes: readonly AdminPrize[],
  given: NonNullable<AdminProductUpdate['prizesQuantities']>,
): Quantities {
  const entries: [string, number][] = Array.isArray(given)
    ? given.map((entry) => [(entry._id ?? entry.id ?? entry.name)!, entry.quantity])
    : Object.entries(given);
  const quantities: Quantities = {};
  for (const [key, quantity] of entries) {
    const wanted = key.trim().toLowerCase();
    const prize = prizes.find(
      (p) => p.id === key || p.letter.toLowerCase() === wanted || p.name.toLowerCase() === wanted,
    );
    if (!prize) throw badRequest(`Prize not found: ${key}`);
    if (prize.kind === 'last') {
      if (quantity !== prize.initialQuantity) throw badRequest('The Last Prize is always one prize');
      continue;
    }
    quantities[prize.letter] = quantity;
  }
  return quantities;
}

/** The box a plain edit would give the running round, for the catalogue's guard. */
function proposedPrizes(
  before: AdminProduct,
  quantities: Quantities | undefined,
  doubles: AdminProductUpdate['doubleChancePrizes'],
): ProposedPrize[] {
  return [
    ...before.prizes.flatMap((p): ProposedPrize[] =>
      p.kind === 'letter'
        ? [{ kind: 'letter' as const, letter: p.letter, quantity: quantities?.[p.letter] ?? p.initialQuantity }]
        : p.kind === 'last'
          ? [{ kind: 'last' as const }]
          : doubles
            ? []
            : [{ kind: 'double' as const, quantity: quantities?.[p.letter] ?? p.initialQuantity }],
    ),
    ...(doubles ?? []).map((p) => ({ kind: 'double' as const, quantity: p.quantity })),
  ];
}

/** A reload's next round: its total follows its prizes; the shop's client sends it (and sold 0) along. */
function checkReload(before: AdminProduct, input: AdminProductUpdate, quantities: Quantities | undefined): void {
  const total = before.prizes
    .filter((p) => p.kind === 'letter')
    .reduce((sum, p) => sum + (quantities?.[p.letter] ?? p.initialQuantity), 0);
  if (input.quantity !== undefined && input.quantity !== total && input.quantity !== before.productQuantity) {
    throw badRequest(`Quantity must equal the prizes' total (${total})`);
  }
  if (input.sold !== undefined && input.sold !== 0 && input.sold !== before.sold) throw conflict(BOX_FIXED);
}

/** What product edits are built from (the composition root passes them through the admin facade). */
interface ProductEditsDeps {
  productDetail: ProductDetail;
  audit: AuditService;
  catalogue: CatalogueService;
  inventory: InventoryService;
  media: MediaService;
  notifications: NotificationsService;
}

/** Product edits, Reload Set and pre-order conversion (docs/rules/back-office.md), each with its audit entry. */
export class ProductEdits {
  private readonly ctx: AppContext;
  private readonly productDetail: ProductDetail;
  private readonly audit: AuditService;
  private readonly catalogue: CatalogueService;
  private readonly inventory: InventoryService;
  private readonly media: MediaService;
  private readonly notifications: NotificationsService;

  constructor(ctx: AppContext, deps: ProductEditsDeps) {
    this.ctx = ctx;
    this.productDetail = deps.productDetail;
    this.audit = deps.audit;
    this.catalogue = deps.catalogue;
    this.inventory = deps.inventory;
    this.media = deps.media;
    this.notifications = deps.notifications;
  }

  private async checkPlainEdit(
    productId: string,
    before: AdminProduct,
    input: AdminProductUpdate,
    quantities: Quantities | undefined,
  ): Promise<void> {
    if (
      (input.quantity !== undefined && input.quantity !== before.productQuantity) ||
      (input.sold !== undefined && input.sold !== before.sold)
    ) {
      throw conflict(BOX_FIXED);
    }
    const changesBox = quantities
      ? before.prizes.some((p) => quantities[p.letter] !== undefined && quantities[p.letter] !== p.initialQuantity)
      : false;
    const doubles = input.doubleChancePrizes;
    const currentDoubles = before.prizes.filter((p) => p.kind === 'double');
    // Only the count and order of units are committed; a rename of the same prizes is a plain edit.
    const changesDoubles =
      doubles !== undefined &&
      (doubles.length !== currentDoubles.length ||
        doubles.some((p, i) => p.id !== currentDoubles[i]!.id || p.quantity !== currentDoubles[i]!.initialQuantity));
    if (changesBox || changesDoubles)
      await this.catalogue.assertPrizesChangeable(this.ctx.db, productId, proposedPrizes(before, quantities, doubles));
  }

  private async planEdit(productId: string, before: AdminProduct, input: AdminProductUpdate): Promise<EditPlan> {
    const specReload = input.sku !== undefined && input.sku === nextSku(before.productSku) && input.sold === 0;
    const reload = input.reload === true || specReload;
    const quantities =
      input.prizesQuantities === undefined ? undefined : nextRoundQuantities(before.prizes, input.prizesQuantities);
    if (reload) checkReload(before, input, quantities);
    else await this.checkPlainEdit(productId, before, input, quantities);
    return { specReload, reload, quantities };
  }

  /** Every image an edit names must be one the shop stored (uploaded through POST /api/admin/images). */
  private async assertImagesStored(names: (string | undefined)[]): Promise<void> {
    for (const name of names) {
      if (name !== undefined && !(await this.media.getImage(name)))
        throw badRequest('Image not found: upload it first');
    }
  }

  private async applyEdit(
    tx: Tx,
    admin: Principal,
    productId: string,
    before: AdminProduct,
    input: AdminProductUpdate,
    plan: EditPlan,
  ): Promise<void> {
    await this.catalogue.updateProduct(tx, productId, {
      name: input.productName,
      description: input.description,
      image: input.productImage,
      tags: input.tags,
      priceCents: input.price === undefined ? undefined : Math.round(input.price * 100),
      tokenPrice: input.token,
      // The client's Reload Set sends the next round's SKU: the reload gives it to the new round.
      sku: plan.specReload ? undefined : input.sku,
      active: input.status === undefined ? undefined : input.status === 'active',
      arrival: input.arrival,
      doubleChance: input.doubleChance,
      promotionId: input.promotionId,
      lotteryEnabled: input.lottery?.enabled,
      lotteryCompleted: input.lottery?.completed,
    });
    if (input.prizes) await this.catalogue.editPrizes(tx, productId, input.prizes);
    if (input.doubleChancePrizes) await this.catalogue.setDoubleChancePrizes(tx, productId, input.doubleChancePrizes);
    const reloaded = plan.reload
      ? await this.catalogue.reloadSet(tx, productId, { refuseWhileBusy: true, prizesQuantities: plan.quantities })
      : null;
    // After a reload, so a new opening applies to the round that now sells (docs/rules/drops.md).
    await this.catalogue.setDropSettings(tx, productId, dropSettingsPatchOf(input));
    await this.audit.record(tx, {
      admin,
      action: reloaded ? 'product.update+reload' : 'product.update',
      entityType: 'product',
      entityId: productId,
      before,
      after: {
        ...input,
        ...(reloaded ? { newSetId: reloaded.setId, newSku: reloaded.sku, closedSetId: reloaded.closedSetId } : {}),
      },
    });
  }

  /**
   * PUT /api/admin/products/{id} (docs/rules/back-office.md): a partial edit (only what the payload
   * carries changes), or a Reload Set when sent with `reload: true` or as the shop client's Reload Set
   * payload (SKU suffix + 1 and `sold` 0); prize quantities change only through a reload.
   */
  updateProduct = async (admin: Principal, productId: string, input: AdminProductUpdate): Promise<AdminProduct> => {
    const before = await this.productDetail(productId);
    const plan = await this.planEdit(productId, before, input);
    await this.assertImagesStored([input.productImage, ...(input.prizes ?? []).map((p) => p.image)]);
    await this.ctx.db.transaction((tx) => this.applyEdit(tx, admin, productId, before, input, plan));
    return this.productDetail(productId);
  };

  /** Reload Set: the old round closes (seed revealed), a new one opens; refused while a buyer is mid-payment. */
  reloadSet = async (admin: Principal, productId: string): Promise<{ message: string; setId: string; sku: string }> => {
    const before = await this.productDetail(productId);
    return this.ctx.db.transaction(async (tx) => {
      const result = await this.catalogue.reloadSet(tx, productId, { refuseWhileBusy: true });
      await this.audit.record(tx, {
        admin,
        action: 'round.reload',
        entityType: 'product',
        entityId: productId,
        before: { setId: before.setId, sku: before.productSku, sold: before.sold, roundNumber: before.roundNumber },
        after: { setId: result.setId, sku: result.sku, closedSetId: result.closedSetId },
      });
      return { message: 'Set reloaded', setId: result.setId, sku: result.sku };
    });
  };

  /**
   * Pre-order → in stock: every pre-order unit gets ship-by = now + 14 days, and each holder gets an
   * in-app notification and an e-mail (queued in the same transaction, sent after commit).
   */
  setAvailability = async (admin: Principal, productId: string, input: AdminAvailabilityRequest) => {
    return this.ctx.db.transaction(async (tx) => {
      const toInStock = input.availability === 'instock';
      const { wasPreorder, name } = await this.catalogue.setPreorder(tx, productId, !toInStock);
      let updatedBatches = 0;
      let holders: string[] = [];
      if (toInStock && input.updateInventory) {
        holders = await this.inventory.preorderHolders(tx, productId);
        updatedBatches = await this.inventory.startClockForProduct(tx, productId, this.ctx.clock.now());
        if (holders.length > 0) {
          await this.notifications.notify(tx, holders, PREORDER_ARRIVED(name), {
            email: { subject: `${name}: your pre-order has arrived` },
            kind: 'preorderArrived',
            url: '/inventory',
          });
        }
      }
      await this.audit.record(tx, {
        admin,
        action: 'product.availability',
        entityType: 'product',
        entityId: productId,
        before: { preorder: wasPreorder },
        after: { preorder: !toInStock, updatedBatches, notifiedHolders: holders.length },
      });
      return { message: 'Availability updated', updatedBatches, notifiedHolders: holders.length };
    });
  };
}

import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AdminDoubleChancePrize } from '@kujiya/shared';
import type { Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../core/http-errors.ts';
import type { RoundsService } from './rounds.ts';
import { prizes, products, promotions, setRounds } from './tables.ts';
import { PRODUCT_NOT_FOUND, SKU_TAKEN } from './types.ts';

/**
 * What the back office may change on a product without touching its round's box; a field left out
 * keeps its value. Prices apply to tickets sold from now on (docs/rules/back-office.md).
 */
export interface ProductPatch {
  name?: string;
  description?: string;
  image?: string;
  tags?: string[];
  priceCents?: number;
  tokenPrice?: number;
  sku?: string;
  active?: boolean;
  arrival?: string | null;
  doubleChance?: boolean;
  promotionId?: string | null;
  lotteryEnabled?: boolean;
  lotteryCompleted?: boolean;
}

/** A prize's new description and/or image (its letter, kind and quantity stay). */
export interface PrizeTextEdit {
  id: string;
  description?: string;
  image?: string;
}

/** Plain edits of a product and its current round: only the fields the patch carries change. */
export async function updateProduct(
  rounds: RoundsService,
  tx: Tx,
  productId: string,
  patch: ProductPatch,
): Promise<void> {
  // The shop's cached listing is dropped when this commits (docs/rules/catalogue.md).
  rounds.changed(tx);
  const [product] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
  if (!product?.currentRoundId) throw notFound(PRODUCT_NOT_FOUND);
  if (patch.promotionId) {
    const [promotion] = await tx
      .select({ id: promotions.id })
      .from(promotions)
      .where(eq(promotions.id, patch.promotionId));
    if (!promotion) throw badRequest('Promotion not found');
  }
  const round = await rounds.lockRound(tx, product.currentRoundId);
  if (patch.sku !== undefined && patch.sku !== round.sku) {
    const [taken] = await tx.select({ id: setRounds.id }).from(setRounds).where(eq(setRounds.sku, patch.sku));
    if (taken) throw conflict(SKU_TAKEN);
  }
  const productChanges = Object.fromEntries(
    Object.entries({
      name: patch.name,
      description: patch.description,
      image: patch.image,
      tags: patch.tags,
      priceCents: patch.priceCents,
      tokenPrice: patch.tokenPrice,
      active: patch.active,
      // Arrival belongs to pre-orders only.
      arrival: product.preorder ? patch.arrival : undefined,
      doubleChance: patch.doubleChance,
      promotionId: patch.promotionId,
      lotteryEnabled: patch.lotteryEnabled,
    }).filter(([, value]) => value !== undefined),
  );
  if (Object.keys(productChanges).length > 0)
    await tx.update(products).set(productChanges).where(eq(products.id, productId));
  const roundChanges = Object.fromEntries(
    Object.entries({ sku: patch.sku, lotteryCompleted: patch.lotteryCompleted }).filter(
      ([, value]) => value !== undefined,
    ),
  );
  if (Object.keys(roundChanges).length > 0)
    await tx.update(setRounds).set(roundChanges).where(eq(setRounds.id, round.id));
}

/**
 * Prize descriptions and images (docs/rules/back-office.md): texts and artwork, which the round's
 * committed rules document does not hold, so they change at once, mid-round too.
 */
export async function editPrizes(
  rounds: RoundsService,
  tx: Tx,
  productId: string,
  edits: readonly PrizeTextEdit[],
): Promise<void> {
  if (edits.length === 0) return;
  rounds.changed(tx);
  const own = new Set(
    (await tx.select({ id: prizes.id }).from(prizes).where(eq(prizes.productId, productId))).map((p) => p.id),
  );
  for (const edit of edits) {
    if (!own.has(edit.id)) throw badRequest('Prize not found');
    const changes = Object.fromEntries(
      Object.entries({ description: edit.description, image: edit.image }).filter(([, v]) => v !== undefined),
    );
    if (Object.keys(changes).length > 0) await tx.update(prizes).set(changes).where(eq(prizes.id, edit.id));
  }
}

/**
 * Replaces the product's double-chance prizes (docs/rules/catalogue.md): listed ids are updated,
 * rows without id are added as the next DCn, the others are retired (kept for past rounds). The
 * current round keeps its own counts; the caller runs the prize guard or reloads.
 */
export async function setDoubleChancePrizes(
  rounds: RoundsService,
  tx: Tx,
  productId: string,
  wanted: readonly AdminDoubleChancePrize[],
): Promise<void> {
  rounds.changed(tx);
  const [product] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  const all = await tx.select().from(prizes).where(eq(prizes.productId, productId));
  const doubles = all.filter((p) => p.kind === 'double');
  const byId = new Map(doubles.map((p) => [p.id, p]));
  for (const prize of wanted) {
    if (prize.id && !byId.has(prize.id)) throw badRequest('Double-chance prize not found');
  }
  if (new Set(wanted.filter((p) => p.id).map((p) => p.id)).size !== wanted.filter((p) => p.id).length) {
    throw badRequest('Double-chance prize listed twice');
  }
  const kept = new Set(wanted.map((p) => p.id).filter(Boolean));
  for (const prize of doubles) {
    if (!kept.has(prize.id) && !prize.retired)
      await tx.update(prizes).set({ retired: true }).where(eq(prizes.id, prize.id));
  }
  let nextNumber = Math.max(0, ...doubles.map((p) => Number(p.letter.slice(2)) || 0));
  let nextSort = Math.max(0, ...all.map((p) => p.sort));
  for (const prize of wanted) {
    const description = prize.description || prize.name;
    if (prize.id) {
      await tx
        .update(prizes)
        .set({ name: prize.name, description, initialQuantity: prize.quantity, retired: false, sort: ++nextSort })
        .where(eq(prizes.id, prize.id));
    } else {
      await tx.insert(prizes).values({
        id: crypto.randomUUID(),
        productId,
        letter: `DC${++nextNumber}`,
        kind: 'double',
        name: prize.name,
        description,
        image: product.image,
        type: 'Big',
        initialQuantity: prize.quantity,
        sort: ++nextSort,
      });
    }
  }
}

/** Pre-order or in stock; returns whether it was a pre-order before. */
export async function setPreorder(
  rounds: RoundsService,
  tx: Tx,
  productId: string,
  preorder: boolean,
): Promise<{ wasPreorder: boolean; name: string }> {
  rounds.changed(tx);
  const [product] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  await tx.update(products).set({ preorder }).where(eq(products.id, productId));
  return { wasPreorder: product.preorder, name: product.name };
}

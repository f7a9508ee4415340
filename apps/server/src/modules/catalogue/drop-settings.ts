import { eq } from 'drizzle-orm';
import { SALES_START_MIN_LEAD_MS } from '@kujiya/shared';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../core/http-errors.ts';
import type { CatalogueDeps } from './deps.ts';
import { products, setRounds } from './tables.ts';
import { PRODUCT_NOT_FOUND } from './types.ts';

/** A set's drop settings as the back office changes them: a field left out keeps its value, null clears it. */
export interface DropSettingsPatch {
  salesStartAt?: Date | null;
  maxTicketsPerShopper?: number | null;
  maxTicketsPerOrder?: number | null;
  orderCooldownSeconds?: number | null;
}

export const OPENING_TOO_SOON = 'The opening (salesStartAt) must be at least 1 minute from now.';
export const OPENING_AFTER_SALES =
  'The opening (salesStartAt) can only be set for a round nothing of which is sold or reserved yet.';

/**
 * Sets the scheduled opening of the product's current round and the set's limits (docs/rules/drops.md,
 * "Opening" and "Limits"), in the caller's transaction. Lock order: product, then round (as
 * `updateProduct`), so the round cannot start selling while its opening is being set.
 */
export async function setDropSettings(d: CatalogueDeps, tx: Tx, productId: string, patch: DropSettingsPatch) {
  const [product] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
  if (!product?.currentRoundId) throw notFound(PRODUCT_NOT_FOUND);
  if (patch.salesStartAt !== undefined) {
    const round = await d.rounds.lockRound(tx, product.currentRoundId);
    if (patch.salesStartAt !== null) {
      if (patch.salesStartAt.getTime() - d.ctx.clock.now().getTime() < SALES_START_MIN_LEAD_MS)
        throw badRequest(OPENING_TOO_SOON);
      const { reserved } = await d.stock.availabilityOf(tx, round.id);
      if (round.nextNonce > 0 || reserved > 0 || round.status !== 'open') throw badRequest(OPENING_AFTER_SALES);
    }
    await tx.update(setRounds).set({ salesStartAt: patch.salesStartAt }).where(eq(setRounds.id, round.id));
  }
  const limits = Object.fromEntries(
    Object.entries({
      maxTicketsPerShopper: patch.maxTicketsPerShopper,
      maxTicketsPerOrder: patch.maxTicketsPerOrder,
      orderCooldownSeconds: patch.orderCooldownSeconds,
    }).filter(([, value]) => value !== undefined),
  );
  if (Object.keys(limits).length > 0) await tx.update(products).set(limits).where(eq(products.id, productId));
  // The shop's cached listing is dropped when this commits (docs/rules/catalogue.md).
  d.rounds.changed(tx);
}

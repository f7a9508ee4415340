import { and, eq } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../core/http-errors.ts';
import type { CatalogueDeps } from './deps.ts';
import { freeSku, openRound } from './products.ts';
import { nextSku } from './sku.ts';
import { prizes, products, setRounds } from './tables.ts';
import {
  PRIZES_LOCKED,
  PRODUCT_NOT_FOUND,
  RELOAD_REFUSED_HOLD,
  RELOAD_REFUSED_RESERVED,
  type ProposedPrize,
} from './types.ts';
import { roundComposition } from './views.ts';

export interface ReloadOptions {
  /** The back office never cuts off a buyer mid-payment (docs/rules/back-office.md): 409 while one holds tickets. */
  refuseWhileBusy?: boolean;
  /** New letter quantities for the next round (the closing round keeps its committed box). */
  prizesQuantities?: Record<string, number>;
}

/**
 * Reload Set (docs/rules/catalogue.md), in the caller's transaction: closes the current round
 * (revealing its seed), releases its reservations and opens the next one with SKU suffix + 1, a new
 * seed and full prize counts. The promotion is removed: a new round starts without one.
 */
export async function reloadSet(d: CatalogueDeps, tx: Tx, productId: string, options: ReloadOptions = {}) {
  const [product] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
  if (!product?.currentRoundId) throw notFound(PRODUCT_NOT_FOUND);
  const current = await d.rounds.lockRound(tx, product.currentRoundId);
  const at = d.ctx.clock.now();
  if (options.refuseWhileBusy) {
    if (d.rounds.holdSecondsLeft(current) > 0) throw conflict(RELOAD_REFUSED_HOLD);
    const { reserved } = await d.stock.availabilityOf(tx, current.id);
    if (reserved > 0) throw conflict(RELOAD_REFUSED_RESERVED);
  }
  for (const [letter, quantity] of Object.entries(options.prizesQuantities ?? {})) {
    if (quantity < 1) throw badRequest(`Prize ${letter} needs a quantity of at least 1`);
    await tx
      .update(prizes)
      .set({ initialQuantity: quantity })
      .where(and(eq(prizes.productId, productId), eq(prizes.letter, letter)));
  }
  await tx
    .update(setRounds)
    .set({
      status: 'closed',
      closedAt: at,
      seedRevealedAt: current.seedRevealedAt ?? at,
      holdUntil: null,
      holdOrderId: null,
    })
    .where(eq(setRounds.id, current.id));
  await d.stock.releaseRound(tx, current.id);
  await tx.update(products).set({ promotionId: null }).where(eq(products.id, productId));
  const sku = await freeSku(tx, nextSku(current.sku));
  const setId = await openRound(d, tx, { productId, sku, roundNumber: current.roundNumber + 1, at });
  d.rounds.changed(tx);
  return { setId, sku, closedSetId: current.id };
}

/**
 * The guard every admin edit of a product's prizes calls first (docs/rules/fairness.md): a round's
 * box and prizes are committed in its rules document when it opens, so an edit that would change
 * the letters, their quantities, the Last Prize or the double-chance prizes of the current round
 * (open or sold out) is refused with 409; only a reload (a new round) applies it. Edits that keep
 * the composition (texts, images) pass.
 */
export async function assertPrizesChangeable(
  d: CatalogueDeps,
  exec: Executor,
  productId: string,
  proposed: readonly ProposedPrize[],
) {
  const [product] = await exec.select().from(products).where(eq(products.id, productId));
  if (!product?.currentRoundId) throw notFound(PRODUCT_NOT_FOUND);
  const round = await d.rounds.findRound(exec, product.currentRoundId);
  if (!round || round.status === 'closed') return;
  let doubleNumber = 0;
  const wanted = roundComposition(
    proposed.map((p, sort) => ({
      kind: p.kind,
      letter: p.kind === 'letter' ? p.letter : p.kind === 'last' ? 'LAST' : `DC${++doubleNumber}`,
      initialQuantity: p.quantity ?? 1,
      sort,
    })),
  );
  const current = roundComposition(
    await exec
      .select()
      .from(prizes)
      .where(and(eq(prizes.productId, productId), eq(prizes.retired, false))),
  );
  if (JSON.stringify(wanted) !== JSON.stringify(current)) throw conflict(PRIZES_LOCKED);
}

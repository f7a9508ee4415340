import crypto from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import {
  commitmentOf,
  newProductSchema,
  newPromotionSchema,
  rulesDocument,
  sha256Hex,
  type NewProduct,
  type NewPromotion,
} from '@kujiya/shared';
import type { Executor, Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../core/http-errors.ts';
import { checkInput } from '../../core/validate.ts';
import type { CatalogueDeps } from './deps.ts';
import { nextSku } from './sku.ts';
import { prizes, products, promotions, roundPrizes, setRounds } from './tables.ts';
import { PRODUCT_NOT_FOUND } from './types.ts';
import { roundComposition } from './views.ts';

const randomSeed = () => crypto.randomBytes(32).toString('hex');

/** A SKU no round uses yet, starting from `sku` and counting its suffix up. */
export async function freeSku(exec: Executor, sku: string): Promise<string> {
  let candidate = sku;
  for (;;) {
    const [taken] = await exec.select({ id: setRounds.id }).from(setRounds).where(eq(setRounds.sku, candidate));
    if (!taken) return candidate;
    candidate = nextSku(candidate);
  }
}

/** Opens a round of a product: new secret seed, its commitment, a fresh box and prize counts. */
export async function openRound(
  d: CatalogueDeps,
  tx: Tx,
  round: { productId: string; sku: string; roundNumber: number; at: Date },
) {
  const { productId, sku, roundNumber, at } = round;
  // Retired double-chance prizes stay for past rounds only (docs/rules/catalogue.md).
  const productPrizes = await tx
    .select()
    .from(prizes)
    .where(and(eq(prizes.productId, productId), eq(prizes.retired, false)));
  const letters = productPrizes
    .filter((p) => p.kind === 'letter')
    .map((p) => ({ letter: p.letter, quantity: p.initialQuantity }));
  const totalTickets = letters.reduce((sum, l) => sum + l.quantity, 0);
  const serverSeed = randomSeed();
  const id = crypto.randomUUID();
  const commitment = commitmentOf(serverSeed);
  // The committed rules (docs/rules/fairness.md): fixed for the round's life, the chain's start.
  const rules = rulesDocument({ setId: id, commitment, ...roundComposition(productPrizes) });
  const rulesHash = sha256Hex(rules);
  await tx.insert(setRounds).values({
    ...{ id, productId, sku, roundNumber, status: 'open', serverSeed, commitment, totalTickets, openedAt: at },
    ...{ rulesDocument: rules, rulesHash, headHash: rulesHash },
  });
  await tx.insert(roundPrizes).values(
    productPrizes.map((p) => ({
      roundId: id,
      prizeId: p.id,
      initialQuantity: p.initialQuantity,
      remainingQuantity: p.initialQuantity,
    })),
  );
  await d.stock.createBox(tx, id, letters);
  await tx.update(products).set({ currentRoundId: id }).where(eq(products.id, productId));
  return id;
}

const parseProduct = (input: NewProduct) => checkInput(newProductSchema, input);
type CheckedPrize = ReturnType<typeof parseProduct>['prizes'][number];

/** The product's prize rows: letters keep theirs, the Last Prize is LAST, double-chance prizes DC1, DC2, ... */
function prizeRows(productId: string, input: readonly CheckedPrize[]) {
  let doubleNumber = 0;
  return input.map((p, sort) => {
    const letter = p.kind === 'letter' ? p.letter : p.kind === 'last' ? 'LAST' : `DC${++doubleNumber}`;
    const name =
      p.kind === 'letter' ? `Prize ${letter}` : p.kind === 'last' ? 'Last Prize' : `Double Chance ${doubleNumber}`;
    return {
      id: crypto.randomUUID(),
      productId,
      letter,
      kind: p.kind,
      name,
      description: p.description,
      image: p.image,
      type: p.type,
      itemType: p.itemType,
      initialQuantity: p.quantity,
      sort,
    };
  });
}

/**
 * Creates a product with its prizes and opens its first round, in the caller's transaction (so its
 * audit entry commits with it). `listedAt` (demo data only) backdates the listing so the demo shop
 * has older and newer sets.
 */
export async function createProduct(d: CatalogueDeps, tx: Tx, input: NewProduct, options: { listedAt?: Date } = {}) {
  const data = parseProduct(input);
  const at = options.listedAt ?? d.ctx.clock.now();
  if (data.promotionId) {
    const [promotion] = await tx
      .select({ id: promotions.id })
      .from(promotions)
      .where(eq(promotions.id, data.promotionId));
    if (!promotion) throw badRequest('Promotion not found');
  }
  const productId = crypto.randomUUID();
  const { name, image, tokenPrice, priceCents, tags, preorder, doubleChance, lotteryEnabled, promotionId, active } =
    data;
  await tx.insert(products).values({
    ...{ id: productId, name, image, tokenPrice, priceCents, tags, preorder, arrival: preorder ? data.arrival : null },
    ...{ doubleChance, lotteryEnabled, promotionId, active, createdAt: at },
  });
  await tx.insert(prizes).values(prizeRows(productId, data.prizes));
  const setId = await openRound(d, tx, { productId, sku: await freeSku(tx, data.sku), roundNumber: 1, at });
  d.rounds.changed(tx);
  return { productId, setId };
}

export async function createPromotion(d: CatalogueDeps, exec: Executor, input: NewPromotion): Promise<string> {
  const data = checkInput(newPromotionSchema, input);
  const id = crypto.randomUUID();
  await exec.insert(promotions).values({ id, ...data, createdAt: d.ctx.clock.now() });
  return id;
}

export async function listPromotions(exec: Executor) {
  return exec
    .select({ id: promotions.id, description: promotions.description })
    .from(promotions)
    .orderBy(asc(promotions.createdAt));
}

export async function setActive(d: CatalogueDeps, exec: Executor, productId: string, active: boolean): Promise<void> {
  const updated = await exec
    .update(products)
    .set({ active })
    .where(eq(products.id, productId))
    .returning({ id: products.id });
  if (updated.length === 0) throw notFound(PRODUCT_NOT_FOUND);
  d.rounds.changed(exec);
}

import { canonicalBox, type DropSettings, type Promotion } from '@kujiya/shared';
import type { prizes, products, promotions } from './tables.ts';
import type { CataloguePrize, CatalogueProduct } from './types.ts';

/** The stored rows; the same fields as the views other modules get (checked by the mappers). */
export type ProductRow = typeof products.$inferSelect;
export type PromotionRow = typeof promotions.$inferSelect;
export type PrizeRow = typeof prizes.$inferSelect;

export const asCatalogueProduct = (row: ProductRow): CatalogueProduct => row;
export const asCataloguePrize = (row: PrizeRow): CataloguePrize => row;

export function promotionView(row: PromotionRow | null): Promotion | null {
  if (!row) return null;
  if (row.type === 'BUY_X_GET_Y_FREE') {
    return {
      type: 'BUY_X_GET_Y_FREE',
      details: { requiredQuantity: row.requiredQuantity!, freeQuantity: row.freeQuantity! },
    };
  }
  return {
    type: 'CHALLENGE',
    details: { minimumQuantity: row.minimumQuantity!, challengeAlphabet: row.challengeAlphabet! },
  };
}

/** Prize display order: letters A..Z, then double-chance prizes, the Last Prize last. */
const kindOrder: Record<PrizeRow['kind'], number> = { letter: 0, double: 1, last: 2 };
export function comparePrizes(
  a: Pick<PrizeRow, 'kind' | 'letter' | 'sort'>,
  b: Pick<PrizeRow, 'kind' | 'letter' | 'sort'>,
): number {
  if (a.kind !== b.kind) return kindOrder[a.kind] - kindOrder[b.kind];
  return a.kind === 'letter' ? a.letter.localeCompare(b.letter) : a.sort - b.sort;
}

/** What a round's rules document fixes about its prizes: the box, the Last Prize, the double-chance units. */
export function roundComposition(
  productPrizes: ReadonlyArray<Pick<PrizeRow, 'kind' | 'letter' | 'initialQuantity' | 'sort'>>,
) {
  const box = canonicalBox(
    productPrizes.filter((p) => p.kind === 'letter').map((p) => ({ letter: p.letter, quantity: p.initialQuantity })),
  );
  const doubleChance = productPrizes
    .filter((p) => p.kind === 'double')
    .sort((a, b) => a.sort - b.sort)
    .map((p) => ({ rank: p.letter, quantity: p.initialQuantity }));
  return { box, lastPrize: productPrizes.some((p) => p.kind === 'last'), doubleChance };
}

/** The set's scheduled opening and limits as the shop and the back office show them (docs/rules/drops.md). */
export function dropSettingsOf(
  product: Pick<CatalogueProduct, 'maxTicketsPerShopper' | 'maxTicketsPerOrder' | 'orderCooldownSeconds'>,
  round: { salesStartAt: Date | null },
): DropSettings {
  return {
    salesStartAt: round.salesStartAt?.toISOString() ?? null,
    maxTicketsPerShopper: product.maxTicketsPerShopper,
    maxTicketsPerOrder: product.maxTicketsPerOrder,
    orderCooldownSeconds: product.orderCooldownSeconds,
  };
}

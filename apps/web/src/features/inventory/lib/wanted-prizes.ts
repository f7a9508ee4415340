import Fuse from 'fuse.js';
import { WANTED_PRIZE_SEARCH_THRESHOLD, type ProductWithPrizes, type WantedPrizeRequest } from '@kujiya/shared';

/** Sets whose name matches the search (fuzzy, threshold 0.3); an empty search shows none. */
export function matchingSets(products: readonly ProductWithPrizes[], text: string): ProductWithPrizes[] {
  const query = text.trim();
  if (query === '') return [];
  const fuse = new Fuse(products as ProductWithPrizes[], {
    keys: ['name'],
    threshold: WANTED_PRIZE_SEARCH_THRESHOLD,
    ignoreLocation: true,
  });
  return fuse.search(query).map((hit) => hit.item);
}

/** The wanted list with `quantity` of this prize (0 removes it; at most 99). */
export function withWanted(
  wanted: readonly WantedPrizeRequest[],
  product: ProductWithPrizes,
  prize: ProductWithPrizes['prizes'][number],
  quantity: number,
): WantedPrizeRequest[] {
  const clamped = Math.min(99, Math.max(0, Number.isFinite(quantity) ? Math.trunc(quantity) : 0));
  const rest = wanted.filter((w) => w.prizeId !== prize._id);
  if (clamped === 0) return rest;
  return [
    ...rest,
    { productId: product._id, productName: product.name, prizeId: prize._id, prizeName: prize.name, quantity: clamped },
  ];
}

export const wantedQuantity = (wanted: readonly WantedPrizeRequest[], prizeId: string) =>
  wanted.find((w) => w.prizeId === prizeId)?.quantity ?? 0;

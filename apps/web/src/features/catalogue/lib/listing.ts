import type { Product, ProductListing } from '@kujiya/shared';

export const ALL_ANIME = 'All';

export const listingTabs = [
  { id: 'new', label: 'New', key: 'newProducts' },
  { id: 'promotions', label: 'Promotions', key: 'promotions' },
  { id: 'chance', label: 'Chance', key: 'chance' },
  { id: 'all', label: 'All', key: 'all' },
] as const satisfies ReadonlyArray<{ id: string; label: string; key: keyof ProductListing }>;

export type ListingTabId = (typeof listingTabs)[number]['id'];

/** The 'Filter by Anime' choices after 'All': the distinct first tags, alphabetically. */
export function animeOptions(products: readonly Product[]): string[] {
  const tags = new Set<string>();
  for (const product of products) {
    const first = product.tags[0]?.trim();
    if (first) tags.add(first);
  }
  return [...tags].sort((a, b) => a.localeCompare(b));
}

/** The products of one anime (its first tag), or every product for 'All'. */
export function filterByAnime(products: readonly Product[], anime: string): Product[] {
  if (anime === ALL_ANIME) return [...products];
  return products.filter((product) => product.tags[0]?.trim() === anime);
}

/** A tab's two sections: Preorder (preorder true) and Instock (preorder false). */
export function splitByPreorder(products: readonly Product[]): { preorder: Product[]; instock: Product[] } {
  return {
    preorder: products.filter((product) => product.preorder),
    instock: products.filter((product) => !product.preorder),
  };
}

/**
 * The product a stored retryProduct points at (Try Again on /results). It may be stored as the
 * product object or as its id; the fresh listing's copy is returned so counts are current.
 */
export function findRetryProduct(stored: unknown, products: readonly Product[]): Product | null {
  if (stored === null || stored === undefined) return null;
  const ids = new Set<string>();
  if (typeof stored === 'string') ids.add(stored);
  else if (typeof stored === 'object') {
    const record = stored as Record<string, unknown>;
    for (const field of ['productId', 'setId']) {
      if (typeof record[field] === 'string') ids.add(record[field] as string);
    }
  }
  return products.find((product) => ids.has(product.productId)) ?? products.find((product) => ids.has(product.setId)) ?? null;
}

import type { Product, ProductListing } from '@kujiya/shared';
import { readJson, storageKeys, writeJson } from '../../../lib/storage';

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
  return (
    products.find((product) => ids.has(product.productId)) ?? products.find((product) => ids.has(product.setId)) ?? null
  );
}

/** What the list shows: its tab, anime filter and whether only favourites (docs/rules/catalogue.md). */
export interface ListView {
  tab: ListingTabId;
  anime: string;
  favouritesOnly: boolean;
}

export const DEFAULT_LIST_VIEW: ListView = { tab: 'new', anime: ALL_ANIME, favouritesOnly: false };

/** The view kept in session storage (coming back to the list keeps it); anything unusable reads as the default. */
export function readListView(storage: Storage = sessionStorage): ListView {
  const stored = readJson<Partial<ListView>>(storage, storageKeys.listView);
  if (!stored || typeof stored !== 'object') return DEFAULT_LIST_VIEW;
  return {
    tab: listingTabs.some((tab) => tab.id === stored.tab) ? stored.tab! : DEFAULT_LIST_VIEW.tab,
    anime: typeof stored.anime === 'string' ? stored.anime : ALL_ANIME,
    favouritesOnly: stored.favouritesOnly === true,
  };
}

export function writeListView(view: ListView, storage: Storage = sessionStorage): void {
  writeJson(storage, storageKeys.listView, view);
}

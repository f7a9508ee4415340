import { describe, expect, it } from 'vitest';
import type { Product } from '@kujiya/shared';
import {
  DEFAULT_LIST_VIEW,
  animeOptions,
  filterByAnime,
  findRetryProduct,
  readListView,
  splitByPreorder,
  writeListView,
} from './listing';

function product(productId: string, tags: string[], preorder = false): Product {
  return {
    setId: `set-${productId}`,
    productId,
    name: productId,
    description: '',
    image: 'x.png',
    token: 10,
    price: 10,
    quantity: '5/10',
    tags,
    preorder,
    arrival: preorder ? 'March 2027' : null,
    doubleChance: false,
    lottery: { enabled: false },
    promotion: null,
    commitment: 'c'.repeat(64),
    rulesHash: 'd'.repeat(64),
    holdTimeLeft: 0,
    createdAt: '2026-11-01T00:00:00Z',
    salesStartAt: null,
    maxTicketsPerShopper: null,
    maxTicketsPerOrder: null,
    orderCooldownSeconds: null,
  };
}

const products = [
  product('a', ['One Piece', 'Figure']),
  product('b', ['Jujutsu Kaisen'], true),
  product('c', ['One Piece', 'Plush'], true),
  product('d', []),
];

describe('listing', () => {
  it('offers the distinct first tags', () => {
    expect(animeOptions(products)).toEqual(['Jujutsu Kaisen', 'One Piece']);
  });

  it('filters by the first tag only', () => {
    expect(filterByAnime(products, 'One Piece').map((p) => p.productId)).toEqual(['a', 'c']);
    expect(filterByAnime(products, 'Figure')).toEqual([]);
    expect(filterByAnime(products, 'All')).toHaveLength(4);
  });

  it('splits preorder and instock', () => {
    const { preorder, instock } = splitByPreorder(products);
    expect(preorder.map((p) => p.productId)).toEqual(['b', 'c']);
    expect(instock.map((p) => p.productId)).toEqual(['a', 'd']);
  });

  it('finds the retry product by object or id', () => {
    expect(findRetryProduct({ productId: 'c', name: 'old copy' }, products)?.productId).toBe('c');
    expect(findRetryProduct({ setId: 'set-b' }, products)?.productId).toBe('b');
    expect(findRetryProduct('a', products)?.productId).toBe('a');
    expect(findRetryProduct({ productId: 'gone' }, products)).toBeNull();
    expect(findRetryProduct(null, products)).toBeNull();
  });
});

describe('the kept list view', () => {
  const memory = (): Storage => {
    const items = new Map<string, string>();
    return {
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => void items.set(key, value),
      removeItem: (key) => void items.delete(key),
      clear: () => items.clear(),
      key: () => null,
      get length() {
        return items.size;
      },
    };
  };

  it('reads back the tab, filter and Favourites choice written; anything unusable is the default', () => {
    const storage = memory();
    expect(readListView(storage)).toEqual(DEFAULT_LIST_VIEW);
    writeListView({ tab: 'all', anime: 'Pixel Spirits', favouritesOnly: true }, storage);
    expect(readListView(storage)).toEqual({ tab: 'all', anime: 'Pixel Spirits', favouritesOnly: true });
    storage.setItem('listView', JSON.stringify({ tab: 'nope', anime: 3, favouritesOnly: 'yes' }));
    expect(readListView(storage)).toEqual(DEFAULT_LIST_VIEW);
    storage.setItem('listView', '{broken');
    expect(readListView(storage)).toEqual(DEFAULT_LIST_VIEW);
  });
});

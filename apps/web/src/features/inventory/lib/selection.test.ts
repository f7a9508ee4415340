import { describe, expect, it } from 'vitest';
import type { InventoryBatch, InventoryItem } from './model';
import {
  clampQuantity,
  selectableQuantity,
  selectedQuantity,
  totalSelected,
  withDisplayNames,
  withQuantity,
} from './selection';

const batch = (over: Partial<InventoryBatch> = {}): InventoryBatch => ({
  batchId: 'b1',
  quantity: 3,
  inTrade: 0,
  shipByDate: '2026-12-01T00:00:00.000Z',
  sku: 'S-1',
  ...over,
});
const item = (batches: InventoryBatch[]): InventoryItem => ({
  id: 'inv-1',
  prizeId: 'p-1',
  prizeName: 'Prize A',
  type: 'Big',
  itemType: 'ichiban_kuji',
  image: '/a.png',
  description: '',
  product: { _id: 'prod-1', name: 'Set', tags: [] },
  arrival: null,
  batches,
});

describe('clampQuantity', () => {
  it('keeps a whole number between 0 and the maximum', () => {
    expect(clampQuantity(2, 3)).toBe(2);
    expect(clampQuantity(7, 3)).toBe(3);
    expect(clampQuantity(-1, 3)).toBe(0);
    expect(clampQuantity(2.7, 3)).toBe(2);
    expect(clampQuantity(Number.NaN, 3)).toBe(0);
  });
});

describe('withQuantity (the minus / plus / number controls)', () => {
  const b = batch();
  const i = item([b]);

  it('adds an entry clamped to the batch quantity', () => {
    const selection = withQuantity([], 'Set', i, b, 10);
    expect(selection).toEqual([
      {
        inventoryId: 'inv-1',
        batchId: 'b1',
        quantity: 3,
        prizeId: 'p-1',
        setName: 'Set',
        productId: 'prod-1',
        prizeName: 'Prize A',
      },
    ]);
    expect(totalSelected(selection)).toBe(3);
  });

  it('updates in place and removes the entry at 0', () => {
    const one = withQuantity([], 'Set', i, b, 1);
    const two = withQuantity(one, 'Set', i, b, 2);
    expect(two).toHaveLength(1);
    expect(selectedQuantity(two, 'inv-1', 'b1')).toBe(2);
    expect(withQuantity(two, 'Set', i, b, 0)).toEqual([]);
    expect(withQuantity(two, 'Set', i, b, -4)).toEqual([]);
  });

  it('never selects units locked in a trade, nor an empty batch', () => {
    const partlyTraded = batch({ quantity: 3, inTrade: 2 });
    expect(selectableQuantity(partlyTraded)).toBe(1);
    expect(selectedQuantity(withQuantity([], 'Set', i, partlyTraded, 3), 'inv-1', 'b1')).toBe(1);
    expect(withQuantity([], 'Set', i, batch({ quantity: 2, inTrade: 2 }), 1)).toEqual([]);
    expect(withQuantity([], 'Set', i, batch({ quantity: 0 }), 1)).toEqual([]);
  });
});

describe('withDisplayNames', () => {
  it('fills missing prize and set names from the inventory by batch', () => {
    const inventory = { Set: [item([batch()])] };
    expect(withDisplayNames([{ batchId: 'b1', quantity: 1 }], inventory)).toEqual([
      {
        batchId: 'b1',
        quantity: 1,
        inventoryId: 'inv-1',
        prizeId: 'p-1',
        productId: 'prod-1',
        prizeName: 'Prize A',
        setName: 'Set',
      },
    ]);
    expect(withDisplayNames([{ batchId: 'other', quantity: 1, prizeName: '' }], inventory)).toEqual([
      { batchId: 'other', quantity: 1, prizeName: '' },
    ]);
  });
});

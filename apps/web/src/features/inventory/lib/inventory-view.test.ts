import { describe, expect, it } from 'vitest';
import type { Inventory, InventoryItem } from './model';
import { inventoryGroups, prizeTypeCounts, sortBatchesByShipBy, sortPrizeCards } from './inventory-view';

const item = (
  id: string,
  prizeName: string,
  productName: string,
  shipByDate?: string,
  type: 'Big' | 'Small' = 'Small',
): InventoryItem => ({
  id,
  prizeId: `p-${id}`,
  prizeName,
  type,
  itemType: 'ichiban_kuji',
  image: '',
  description: '',
  product: { _id: `prod-${productName}`, name: productName, tags: [] },
  arrival: shipByDate ? null : '2027-01-15T00:00:00.000Z',
  batches: [{ batchId: `b-${id}`, quantity: 2, inTrade: 0, shipByDate, sku: 'S' }],
});

const inventory: Inventory = {
  'Dragon Quest Legends': [
    item('1', 'Last Prize', 'Dragon Quest Legends', '2026-12-01T00:00:00.000Z'),
    item('2', 'Prize B', 'Dragon Quest Legends', '2026-12-01T00:00:00.000Z', 'Big'),
    item('3', 'Prize A', 'Dragon Quest Legends', '2026-12-01T00:00:00.000Z'),
  ],
  'Sailor Moon Eternal': [item('4', 'Prize C', 'Sailor Moon Eternal')],
};

describe('sortPrizeCards', () => {
  it('sorts by name with the Last Prize last', () => {
    expect(sortPrizeCards(inventory['Dragon Quest Legends']!).map((i) => i.prizeName)).toEqual([
      'Prize A',
      'Prize B',
      'Last Prize',
    ]);
  });
});

describe('inventoryGroups', () => {
  it('groups by set with the arrival of pre-order sets', () => {
    const groups = inventoryGroups(inventory, '', 'All');
    expect(groups.map((g) => g.setName)).toEqual(['Dragon Quest Legends', 'Sailor Moon Eternal']);
    expect(groups[1]!.arrival).toBe('2027-01-15T00:00:00.000Z');
  });

  it('filters by In Stock and Pre-order', () => {
    expect(inventoryGroups(inventory, '', 'Instock').map((g) => g.setName)).toEqual(['Dragon Quest Legends']);
    expect(inventoryGroups(inventory, '', 'Preorder').map((g) => g.setName)).toEqual(['Sailor Moon Eternal']);
  });

  it('searches set and product names fuzzily (a typo still matches, nonsense does not)', () => {
    expect(inventoryGroups(inventory, 'sailor mon', 'All').map((g) => g.setName)).toEqual(['Sailor Moon Eternal']);
    expect(inventoryGroups(inventory, 'dragon', 'All').map((g) => g.setName)).toEqual(['Dragon Quest Legends']);
    expect(inventoryGroups(inventory, 'zzzzqqq', 'All')).toEqual([]);
  });
});

describe('prizeTypeCounts', () => {
  it('counts big and small units of the selection', () => {
    expect(
      prizeTypeCounts(inventory, [
        { inventoryId: '2', batchId: 'b-2', quantity: 2 },
        { inventoryId: '3', batchId: 'b-3', quantity: 1 },
      ]),
    ).toEqual({ big: 2, small: 1 });
  });
});

describe('inventory search and batch order', () => {
  const described: Inventory = {
    'Pixel Spirits': [
      {
        ...item('9', 'Prize D', 'Pixel Spirits', '2026-12-01T00:00:00.000Z'),
        description: 'Arcade Ace Rin Acrylic Stand',
      },
    ],
    'Sailor Moon Eternal': [item('4', 'Prize C', 'Sailor Moon Eternal')],
  };

  it('finds prize names and descriptions, not only set names', () => {
    expect(inventoryGroups(described, 'acrylic stand', 'All').map((g) => g.setName)).toEqual(['Pixel Spirits']);
    expect(inventoryGroups(described, 'Prize C', 'All').flatMap((g) => g.items.map((i) => i.prizeName))).toContain(
      'Prize C',
    );
  });

  it('sorts batches by ship-by date, the soonest first, pre-order last', () => {
    const batch = (batchId: string, shipByDate?: string) => ({
      batchId,
      quantity: 1,
      inTrade: 0,
      shipByDate,
      sku: 'S',
    });
    const sorted = sortBatchesByShipBy([
      batch('late', '2026-12-20T00:00:00.000Z'),
      batch('pre'),
      batch('soon', '2026-12-02T00:00:00.000Z'),
    ]);
    expect(sorted.map((b) => b.batchId)).toEqual(['soon', 'late', 'pre']);
    const shown = inventoryGroups(
      {
        S: [
          {
            ...item('5', 'Prize A', 'S'),
            batches: [batch('late', '2026-12-20T00:00:00.000Z'), batch('soon', '2026-12-02T00:00:00.000Z')],
          },
        ],
      },
      '',
      'All',
    );
    expect(shown[0]!.items[0]!.batches.map((b) => b.batchId)).toEqual(['soon', 'late']);
  });
});

import { describe, expect, it } from 'vitest';
import type { InventoryResponse } from '@kujiya/shared';
import { offerableUnits, withOfferQuantity } from './offer-units';

const now = new Date('2026-11-21T04:00:00.000Z');
const item = (batches: InventoryResponse[string][number]['batches']) => ({
  id: 'p',
  prizeId: 'p',
  prizeName: 'Prize A',
  type: 'Big' as const,
  itemType: 'ichiban_kuji' as const,
  image: 'a.png',
  description: '',
  product: { _id: 'x', name: 'Set', tags: [] },
  arrival: null,
  batches,
});

describe('offerable units', () => {
  it('leaves out units in a trade and units due within a day, keeps pre-orders', () => {
    const inventory: InventoryResponse = {
      Set: [
        item([
          { batchId: 'free', quantity: 3, inTrade: 1, shipByDate: '2026-12-01T00:00:00.000Z', sku: 's' },
          { batchId: 'locked', quantity: 2, inTrade: 2, shipByDate: '2026-12-01T00:00:00.000Z', sku: 's' },
          { batchId: 'due', quantity: 1, inTrade: 0, shipByDate: '2026-11-22T10:00:00.000Z', sku: 's' },
          { batchId: 'pre', quantity: 1, inTrade: 0, sku: 's' },
        ]),
      ],
    };
    expect(offerableUnits(inventory, now).map((u) => [u.batchId, u.available])).toEqual([
      ['free', 2],
      ['pre', 1],
    ]);
  });

  it('clamps a chosen quantity and removes it at 0', () => {
    const unit = { batchId: 'b', setName: 'S', prizeName: 'A', image: '', shipByDate: null, available: 2 };
    expect(withOfferQuantity({}, unit, 5)).toEqual({ b: 2 });
    expect(withOfferQuantity({ b: 2 }, unit, 0)).toEqual({});
  });
});

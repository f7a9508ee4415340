import { describe, expect, it } from 'vitest';
import { COLLECT_PREORDER_MESSAGE, SHIP_PREORDER_MESSAGE, TRADE_CUTOFF_MESSAGE } from '@kujiya/shared';
import { batchBlockReason } from './action-rules';

const inStock = (shipByDate: string) => ({ batchId: 'b', quantity: 1, inTrade: 0, shipByDate, sku: 'S' });
const preorder = { batchId: 'b', quantity: 1, inTrade: 0, sku: 'S' };
// Monday 23 Nov 2026, 10:00 in Singapore.
const now = new Date('2026-11-23T02:00:00.000Z');

describe('batchBlockReason', () => {
  it('blocks shipping and collecting pre-order units with their messages', () => {
    expect(batchBlockReason('ship', preorder, now)).toBe(SHIP_PREORDER_MESSAGE);
    expect(batchBlockReason('selfCollect', preorder, now)).toBe(COLLECT_PREORDER_MESSAGE);
    expect(batchBlockReason('ship', inStock('2026-12-01T00:00:00.000Z'), now)).toBeNull();
    expect(batchBlockReason('abandon', preorder, now)).toBeNull();
  });

  it('blocks trading in-stock units due before Singapore midnight two days ahead', () => {
    // Wednesday 00:00 Singapore = Tuesday 16:00 UTC.
    expect(batchBlockReason('trade', inStock('2026-11-24T15:59:00.000Z'), now)).toBe(TRADE_CUTOFF_MESSAGE);
    expect(batchBlockReason('trade', inStock('2026-11-24T16:00:00.000Z'), now)).toBe(TRADE_CUTOFF_MESSAGE);
    expect(batchBlockReason('trade', inStock('2026-11-24T16:01:00.000Z'), now)).toBeNull();
    expect(batchBlockReason('trade', preorder, now)).toBeNull();
  });
});

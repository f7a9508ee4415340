import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { admissionTime, entrantListHash, queueKey, roomOrder, verifyRoomOrder } from './room-order.ts';

const seed = '7f'.repeat(32);
const ids = [
  'c0000000-0000-4000-8000-000000000003',
  'a0000000-0000-4000-8000-000000000001',
  'b0000000-0000-4000-8000-000000000002',
];

describe('the waiting room order (docs/rules/drops.md)', () => {
  it('hashes the sorted entrant list and keys each entrant with HMAC-SHA256 of the seed (checked with node:crypto)', () => {
    const listHash = createHash('sha256')
      .update([...ids].sort().join('\n'))
      .digest('hex');
    expect(entrantListHash(ids)).toBe(listHash);
    expect(entrantListHash([...ids].reverse())).toBe(listHash);
    const key = createHmac('sha256', Buffer.from(seed, 'hex')).update(`queue:${listHash}:${ids[0]}`).digest('hex');
    expect(queueKey(seed, listHash, ids[0]!)).toBe(key);
  });

  it('orders by ascending key, whatever order the entrants are given in', () => {
    const listHash = entrantListHash(ids);
    const byKey = [...ids].sort((a, b) => queueKey(seed, listHash, a).localeCompare(queueKey(seed, listHash, b)));
    expect(roomOrder(seed, ids)).toEqual(byKey);
    expect(roomOrder(seed, [...ids].reverse())).toEqual(byKey);
    expect(verifyRoomOrder(seed, listHash, byKey)).toEqual({ listHashMatches: true, orderMatches: true });
    expect(verifyRoomOrder(seed, listHash, [...byKey].reverse()).orderMatches).toBe(false);
    expect(verifyRoomOrder(seed, listHash, byKey.slice(1)).listHashMatches).toBe(false);
  });

  it('admits the n-th entrant n / rate seconds after the opening', () => {
    expect(admissionTime(1_000_000, 0, 500)).toBe(1_000_000);
    expect(admissionTime(1_000_000, 499, 500)).toBe(1_000_998);
    expect(admissionTime(1_000_000, 500, 500)).toBe(1_001_000);
  });
});

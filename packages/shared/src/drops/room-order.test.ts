import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DROP_OPENING_RAMP,
  admissionTime,
  entrantListHash,
  queueKey,
  roomOrder,
  verifyRoomOrder,
} from './room-order.ts';

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

  it("admits along the opening's slow start, then the n-th entrant at n / rate seconds", () => {
    // 500 a second: the rate climbs from 200 to 500 over 1.5 s, so 300 are admitted in the first
    // second and 525 by the end of the slow start; from then on one every 2 ms.
    expect(DROP_OPENING_RAMP).toEqual({ seconds: 1.5, startShare: 0.4, fromRate: 50 });
    expect(admissionTime(1_000_000, 0, 500)).toBe(1_000_000);
    expect(admissionTime(1_000_000, 1, 500)).toBe(1_000_004); // 1 / 200 s: the slow start's first rate
    expect(admissionTime(1_000_000, 300, 500)).toBe(1_001_000);
    expect(admissionTime(1_000_000, 525, 500)).toBe(1_001_500);
    expect(admissionTime(1_000_000, 1025, 500)).toBe(1_002_500);
  });

  it('admits a room slower than 50 a second at its rate from the opening', () => {
    expect([0, 1, 2, 3].map((n) => admissionTime(1_000_000, n, 1))).toEqual([
      1_000_000, 1_001_000, 1_002_000, 1_003_000,
    ]);
    expect(admissionTime(0, 49, 49)).toBe(1_000);
    expect(admissionTime(0, 50, 50)).toBeGreaterThan(1_000);
  });

  it('keeps admissions in room order at every rate, and gets to the full rate', () => {
    for (const rate of [1, 7, 49, 50, 300, 350, 10_000]) {
      let previous = -Infinity;
      for (let n = 0; n < 3000; n++) {
        const at = admissionTime(0, n, rate);
        expect(at).toBeGreaterThanOrEqual(previous);
        previous = at;
      }
      // Past the slow start, one admission every 1 / rate seconds.
      const late = Math.ceil(rate * 1.5 * 0.7) + 10;
      expect(admissionTime(0, late + rate, rate) - admissionTime(0, late, rate)).toBeGreaterThanOrEqual(999);
      expect(admissionTime(0, late + rate, rate) - admissionTime(0, late, rate)).toBeLessThanOrEqual(1001);
    }
  });
});

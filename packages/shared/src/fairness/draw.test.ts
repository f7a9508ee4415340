import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalBox, commitmentOf, drawPositions, drawSequencePositions, drawTicket, pickIndex } from './draw.ts';

const seed = 'a'.repeat(64);

describe('verifiable draw', () => {
  it('commits to the seed bytes with SHA-256', () => {
    const expected = crypto.createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex');
    expect(commitmentOf(seed)).toBe(expected);
  });

  it('picks with the first 8 bytes of HMAC-SHA256 as a big-endian integer', () => {
    const mac = crypto.createHmac('sha256', Buffer.from(seed, 'hex')).update('client:0', 'utf8').digest();
    const expected = Number(mac.readBigUInt64BE(0) % 7n);
    expect(pickIndex(seed, 'client:0', 7)).toBe(expected);
  });

  it('builds the canonical box letters in order', () => {
    expect(
      canonicalBox([
        { letter: 'B', quantity: 2 },
        { letter: 'A', quantity: 1 },
      ]),
    ).toEqual(['A', 'B', 'B']);
  });

  it('takes each ticket once', () => {
    let remaining = [0, 1, 2, 3, 4];
    const taken: number[] = [];
    for (let nonce = 0; nonce < 5; nonce++) {
      const result = drawTicket(seed, 'me', nonce, remaining);
      taken.push(result.ticketIndex);
      remaining = result.remaining;
    }
    expect([...taken].sort()).toEqual([0, 1, 2, 3, 4]);
    expect(remaining).toEqual([]);
  });
});

describe('drawPositions', () => {
  it('names the same tickets as successive drawTicket calls over the full list', () => {
    const roundSeed = 'ab'.repeat(32);
    for (const [size, taken, count] of [
      [500, 0, 1],
      [500, 37, 12],
      [20, 5, 15],
      [7, 0, 7],
      [1000, 990, 10],
    ] as const) {
      // A round with `taken` tickets gone (every third from the start, as if drawn earlier).
      const remaining = [...Array(size).keys()].filter((i) => !(i % 3 === 0 && i / 3 < taken));
      let list = remaining;
      const expected: number[] = [];
      for (let i = 0; i < count; i++) {
        const pick = drawTicket(roundSeed, 'client', 40 + i, list);
        expected.push(pick.ticketIndex);
        list = pick.remaining;
      }
      const positions = drawPositions(roundSeed, 'client', 40, remaining.length, count);
      expect(positions.map((p) => remaining[p])).toEqual(expected);
    }
  });
});

describe('drawSequencePositions', () => {
  it('names the same tickets as successive drawTicket calls when each pick has its own client seed', () => {
    const roundSeed = 'cd'.repeat(32);
    const remaining = [...Array(300).keys()].filter((i) => i % 7 !== 3);
    const picks = Array.from({ length: 60 }, (_, i) => ({ clientSeed: `buyer-${i % 9}`, nonce: 25 + i }));
    let list = remaining;
    const expected: number[] = [];
    for (const pick of picks) {
      const drawn = drawTicket(roundSeed, pick.clientSeed, pick.nonce, list);
      expected.push(drawn.ticketIndex);
      list = drawn.remaining;
    }
    expect(drawSequencePositions(roundSeed, picks, remaining.length).map((p) => remaining[p])).toEqual(expected);
  });

  it('refuses more picks than untaken tickets', () => {
    expect(() =>
      drawSequencePositions(
        'ab'.repeat(32),
        [
          { clientSeed: 'a', nonce: 0 },
          { clientSeed: 'b', nonce: 1 },
        ],
        1,
      ),
    ).toThrow();
  });
});

import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalBox, commitmentOf, doubleChanceMessage, lotteryMessage, pickIndex, ticketMessage } from './draw.ts';
import {
  drawChallenge,
  drawDoubleChance,
  drawLottery,
  drawTickets,
  fullRemaining,
  maskBuyerName,
  prizeUnits,
  replayTicketDraws,
} from './engine.ts';

const seed = '0123456789abcdef'.repeat(4);
const box = canonicalBox([
  { letter: 'A', quantity: 1 },
  { letter: 'B', quantity: 2 },
  { letter: 'C', quantity: 3 },
  { letter: 'D', quantity: 6 },
]);

/** Reference k of the draw (docs/rules/fairness.md) written straight from the text with node:crypto. */
function referenceK(message: string, size: number): number {
  const mac = crypto.createHmac('sha256', Buffer.from(seed, 'hex')).update(Buffer.from(message, 'utf8')).digest();
  return Number(mac.readBigUInt64BE(0) % BigInt(size));
}

describe('drawTickets', () => {
  it('takes remaining[k] for clientSeed:nonce, consecutive nonces, each ticket once', () => {
    const { drawn, remaining } = drawTickets({
      serverSeed: seed,
      box,
      clientSeed: 'shopper',
      firstNonce: 5,
      remaining: fullRemaining(12),
      count: 4,
    });
    let pool = fullRemaining(12);
    drawn.forEach((ticket, i) => {
      expect(ticket.nonce).toBe(5 + i);
      const k = referenceK(`shopper:${5 + i}`, pool.length);
      expect(ticket.ticketIndex).toBe(pool[k]);
      expect(ticket.letter).toBe(box[ticket.ticketIndex]);
      pool = pool.filter((_, j) => j !== k);
    });
    expect(remaining).toEqual(pool);
    expect(new Set(drawn.map((t) => t.ticketIndex)).size).toBe(4);
  });

  it('refuses to take more tickets than are left', () => {
    expect(() =>
      drawTickets({ serverSeed: seed, box, clientSeed: 'x', firstNonce: 0, remaining: [1, 2], count: 3 }),
    ).toThrow();
  });

  it('buys out a whole box as a permutation', () => {
    const { drawn, remaining } = drawTickets({
      serverSeed: seed,
      box,
      clientSeed: 'all',
      firstNonce: 0,
      remaining: fullRemaining(12),
      count: 12,
    });
    expect(remaining).toEqual([]);
    expect(drawn.map((t) => t.ticketIndex).sort((a, b) => a - b)).toEqual(fullRemaining(12));
    expect(drawn.map((t) => t.letter).sort()).toEqual(box);
  });
});

describe('replayTicketDraws', () => {
  it('replays purchases with different client seeds in nonce order', () => {
    const first = drawTickets({
      serverSeed: seed,
      box,
      clientSeed: 'one',
      firstNonce: 0,
      remaining: fullRemaining(12),
      count: 3,
    });
    const second = drawTickets({
      serverSeed: seed,
      box,
      clientSeed: 'two',
      firstNonce: 3,
      remaining: first.remaining,
      count: 2,
    });
    const log = [...second.drawn, ...first.drawn].map(({ nonce, clientSeed }) => ({ nonce, clientSeed }));
    expect(replayTicketDraws(seed, box, log)).toEqual([...first.drawn, ...second.drawn]);
  });

  it('gives a different result with another seed or client seed', () => {
    const log = [0, 1, 2, 3, 4, 5].map((nonce) => ({ nonce, clientSeed: 'c' }));
    const real = replayTicketDraws(seed, box, log).map((t) => t.ticketIndex);
    expect(replayTicketDraws('f'.repeat(64), box, log).map((t) => t.ticketIndex)).not.toEqual(real);
    const otherClient = log.map((entry) => ({ ...entry, clientSeed: 'd' }));
    expect(replayTicketDraws(seed, box, otherClient).map((t) => t.ticketIndex)).not.toEqual(real);
  });

  it('rejects gaps, repeats and more draws than tickets', () => {
    expect(() =>
      replayTicketDraws(seed, box, [
        { nonce: 0, clientSeed: 'a' },
        { nonce: 2, clientSeed: 'a' },
      ]),
    ).toThrow(/nonce 1/);
    expect(() =>
      replayTicketDraws(seed, box, [
        { nonce: 0, clientSeed: 'a' },
        { nonce: 0, clientSeed: 'a' },
      ]),
    ).toThrow();
    expect(() =>
      replayTicketDraws(
        seed,
        ['A'],
        [
          { nonce: 0, clientSeed: 'a' },
          { nonce: 1, clientSeed: 'a' },
        ],
      ),
    ).toThrow();
  });
});

describe('drawChallenge', () => {
  it('stops at the first ticket with the challenge letter and refunds the rest', () => {
    // Find the letter of the 2nd ticket of a normal draw: the challenge must stop right there.
    const plain = drawTickets({
      serverSeed: seed,
      box,
      clientSeed: 'ch',
      firstNonce: 0,
      remaining: fullRemaining(12),
      count: 6,
    });
    const target = plain.drawn.findIndex((t) => t.letter !== plain.drawn[0]!.letter);
    const letter = plain.drawn[target]!.letter;
    const result = drawChallenge({
      serverSeed: seed,
      box,
      clientSeed: 'ch',
      firstNonce: 0,
      remaining: fullRemaining(12),
      count: 6,
      challengeLetter: letter,
    });
    expect(result.challengeWon).toBe(true);
    expect(result.drawn).toEqual(plain.drawn.slice(0, target + 1));
    expect(result.ticketsToDraw).toBe(target + 1);
    expect(result.challengeRemainingTickets).toBe(6 - target - 1);
    // Undrawn tickets stay in the pool.
    expect(result.remaining.length).toBe(12 - target - 1);
  });

  it('draws every ticket when the letter never comes', () => {
    const result = drawChallenge({
      serverSeed: seed,
      box,
      clientSeed: 'ch',
      firstNonce: 0,
      remaining: fullRemaining(12),
      count: 5,
      challengeLetter: 'Z',
    });
    expect(result.challengeWon).toBe(false);
    expect(result.ticketsToDraw).toBe(5);
    expect(result.challengeRemainingTickets).toBe(0);
    expect(result.drawn).toEqual(
      drawTickets({ serverSeed: seed, box, clientSeed: 'ch', firstNonce: 0, remaining: fullRemaining(12), count: 5 })
        .drawn,
    );
  });

  it('wins on the first ticket and draws nothing else', () => {
    const first = drawTickets({
      serverSeed: seed,
      box,
      clientSeed: 'q',
      firstNonce: 7,
      remaining: fullRemaining(12),
      count: 1,
    }).drawn[0]!;
    const result = drawChallenge({
      serverSeed: seed,
      box,
      clientSeed: 'q',
      firstNonce: 7,
      remaining: fullRemaining(12),
      count: 4,
      challengeLetter: first.letter,
    });
    expect(result).toMatchObject({ challengeWon: true, ticketsToDraw: 1, challengeRemainingTickets: 3 });
    expect(result.drawn).toEqual([first]);
  });
});

describe('lottery and double chance', () => {
  const entries = [7, 2, 11, 0, 5, 9, 1, 3, 4, 6, 8, 10];

  it('picks each lottery unit among the entries not yet picked with "lottery:" + n', () => {
    const picks = drawLottery(seed, entries, box);
    const open = [...entries];
    picks.forEach((pick, n) => {
      const k = referenceK(`lottery:${n}`, open.length);
      expect(pick).toEqual({ n, ticketIndex: open[k], unit: box[n] });
      open.splice(k, 1);
    });
    expect(picks.map((p) => p.ticketIndex).sort((a, b) => a - b)).toEqual(fullRemaining(12));
  });

  it('uses "double:" + n for double chance, and the two draws differ', () => {
    const units = prizeUnits([
      { rank: 'DC1', quantity: 2 },
      { rank: 'DC2', quantity: 1 },
    ]);
    expect(units).toEqual(['DC1', 'DC1', 'DC2']);
    const picks = drawDoubleChance(seed, entries, units);
    const open = [...entries];
    picks.forEach((pick, n) => {
      const k = referenceK(`double:${n}`, open.length);
      expect(pick).toEqual({ n, ticketIndex: open[k], unit: units[n] });
      open.splice(k, 1);
    });
    expect(new Set(picks.map((p) => p.ticketIndex)).size).toBe(3);
    const lottery = drawLottery(seed, entries, units);
    expect(lottery.map((p) => p.ticketIndex)).not.toEqual(picks.map((p) => p.ticketIndex));
  });

  it('is reproducible from the seed and the entries, and depends on entry order', () => {
    expect(drawLottery(seed, entries, box)).toEqual(drawLottery(seed, entries, box));
    expect(drawLottery(seed, [...entries].reverse(), box)).not.toEqual(drawLottery(seed, entries, box));
  });

  it('refuses more prize units than entries', () => {
    expect(() => drawLottery(seed, [1, 2], ['A', 'B', 'C'])).toThrow();
  });
});

describe('maskBuyerName', () => {
  it('keeps the first and last character only', () => {
    expect(maskBuyerName('david_lo')).toBe('d***o');
    expect(maskBuyerName('ab')).toBe('a***b');
    expect(maskBuyerName('x')).toBe('x***');
    expect(maskBuyerName('')).toBe('***');
  });
});

describe('docs/fairness.md test vector', () => {
  const docSeed = 'a'.repeat(64);
  it('matches the published values', () => {
    expect(commitmentOf(docSeed)).toBe('e0e77a507412b120f6ede61f62295b1a7b2ff19d3dcc8f7253e51663470c888e');
    expect(pickIndex(docSeed, ticketMessage('my-seed', 0), 10)).toBe(7);
    expect(pickIndex(docSeed, ticketMessage('my-seed', 1), 9)).toBe(3);
    expect(pickIndex(docSeed, lotteryMessage(0), 10)).toBe(6);
    expect(pickIndex(docSeed, doubleChanceMessage(0), 10)).toBe(7);
  });
});

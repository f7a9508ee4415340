import { describe, expect, it } from 'vitest';
import { extendChain, rulesDocument, sha256Hex } from './chain.ts';
import { checkChain, checkReceipt, checkRules } from './chain-verdict.ts';
import { commitmentOf } from './draw.ts';
import { drawTickets, fullRemaining } from './engine.ts';
import { soldOutFairnessRound } from './test-helpers.ts';
import type { FairnessReceipt, FairnessRound } from './schemas.ts';
import { buildPublicFairnessVerdict } from './verdict.ts';

// The test vector of docs/fairness.md (also recomputed there with Python's hashlib).
describe('test vector', () => {
  const seed = '3f'.repeat(32);
  const box = ['A', 'B', 'B', 'C', 'C', 'C'];
  const rules = rulesDocument({
    setId: '00000000-0000-4000-8000-000000000001',
    box,
    lastPrize: true,
    doubleChance: [{ rank: 'DC1', quantity: 1 }],
    commitment: commitmentOf(seed),
  });

  it('builds the rules document byte for byte and its hash', () => {
    expect(rules).toBe(
      '{"version":"kujiya-fair-1","setId":"00000000-0000-4000-8000-000000000001","box":["A","B","B","C","C","C"],"lastPrize":true,' +
        '"doubleChance":[{"rank":"DC1","quantity":1}],"commitment":"e5c03599e473b1796057ca9454d330d391e4703344cf2ac5662ca2dee0c2610d"}',
    );
    expect(sha256Hex(rules)).toBe('0652884e0195b7134e4d239ab328e50789d59555f9391ee4c9a8716cd509cb62');
  });

  it('chains the first three draws', () => {
    const { drawn } = drawTickets({
      serverSeed: seed,
      box,
      clientSeed: 'alice',
      firstNonce: 0,
      remaining: fullRemaining(6),
      count: 3,
    });
    expect(drawn.map((t) => [t.nonce, t.ticketIndex, t.letter])).toEqual([
      [0, 2, 'B'],
      [1, 1, 'B'],
      [2, 3, 'C'],
    ]);
    const chain = extendChain(
      sha256Hex(rules),
      drawn.map((t) => ({ domain: 'ticket' as const, ...t })),
    );
    expect(chain.hashes).toEqual([
      '5b069de0b509d469277829a6147236b617caf366f26a1170ff40e8a957f4b8ab',
      '23eb0daba6526ce45f5b6ab44d0e4223229529da06250d198279986f2b9ddb3d',
      '8f35a6a2a937ddc990cd445dc15e39e2498f277a4f23dd17569af09fad9b452f',
    ]);
    expect(chain.head).toBe(chain.hashes[2]);
  });

  it('hashes a sell-out pick with an empty client seed', () => {
    const prev = '0'.repeat(64);
    expect(
      extendChain(prev, [{ domain: 'double', nonce: 0, clientSeed: null, ticketIndex: 4, letter: 'DC1' }]).head,
    ).toBe(sha256Hex(`${prev}|double|0||4|DC1`));
  });
});

const honest = soldOutFairnessRound({
  lottery: true,
  doubleChancePrizes: [{ rank: 'DC1', name: 'Poster', quantity: 2 }],
});
const clone = (round: FairnessRound) => structuredClone(round);
/** A receipt for the tickets of one purchase (the fixture's second buyer: nonce 3). */
const receiptOf = (round: FairnessRound, nonces: number[]): FairnessReceipt => {
  const entries = nonces.map((nonce) => {
    const entry = round.log.find((e) => e.domain === 'ticket' && e.nonce === nonce)!;
    return { domain: entry.domain, nonce, hash: entry.hash! };
  });
  return { setId: round.setId, entries, headHash: entries.at(-1)!.hash };
};

describe('rules and chain checks', () => {
  it('pass for an honest round, and the full verdict verifies', () => {
    expect(checkRules(honest).ok).toBe(true);
    expect(checkChain(honest).check.ok).toBe(true);
    const verdict = buildPublicFairnessVerdict(honest);
    expect(verdict.ok).toBe(true);
    expect(verdict.checks.map((c) => c.id)).toEqual(expect.arrayContaining(['rules', 'chain']));
  });

  it('a changed rules document or prize composition fails the rules check', () => {
    const edited = clone(honest);
    edited.rules = edited.rules!.replace('"lastPrize":true', '"lastPrize":false');
    expect(checkRules(edited)).toMatchObject({ ok: false });
    const rehashed = { ...edited, rulesHash: sha256Hex(edited.rules!) };
    expect(checkRules(rehashed).ok).toBe(true); // a consistent document with its own hash...
    expect(checkChain(rehashed).check.ok).toBe(false); // ...cannot carry the old chain
    const twoA = clone(honest);
    twoA.doubleChancePrizes[0]!.quantity = 3;
    expect(checkRules(twoA).ok).toBe(false);
  });

  it('detects a dropped entry', () => {
    const dropped = clone(honest);
    dropped.log.splice(4, 1);
    const { check } = checkChain(dropped);
    expect(check.ok).toBe(false);
    expect(check.entry).toEqual({ domain: 'ticket', nonce: 5 });
    expect(buildPublicFairnessVerdict(dropped).checks.find((c) => c.id === 'chain')!.ok).toBe(false);
  });

  it('detects a dropped last entry through the head', () => {
    const dropped = clone(honest);
    dropped.log.pop();
    expect(checkChain(dropped).check).toMatchObject({ ok: false });
    expect(checkChain(dropped).check.detail).toContain('missing from the end');
  });

  it('detects reordered entries, even when the hashes are recomputed', () => {
    const swapped = clone(honest);
    [swapped.log[2], swapped.log[3]] = [swapped.log[3]!, swapped.log[2]!];
    expect(checkChain(swapped).check).toMatchObject({ ok: false, entry: { domain: 'ticket', nonce: 3 } });
    // Renumbered so the order looks right, chain rebuilt by the operator: the chain itself is consistent,
    // but the draw replay and every receipt issued before tell.
    const renumbered = clone(honest);
    const [a, b] = [renumbered.log[2]!, renumbered.log[3]!];
    [a.clientSeed, b.clientSeed, a.ticketIndex, b.ticketIndex, a.letter, b.letter] = [
      b.clientSeed,
      a.clientSeed,
      b.ticketIndex,
      a.ticketIndex,
      b.letter,
      a.letter,
    ];
    const rebuilt = extendChain(renumbered.rulesHash!, renumbered.log);
    renumbered.log.forEach((e, i) => (e.hash = rebuilt.hashes[i]!));
    renumbered.headHash = rebuilt.head;
    expect(checkChain(renumbered).check.ok).toBe(true);
    expect(checkReceipt(renumbered, receiptOf(honest, [3])).ok).toBe(false);
  });

  it('detects an altered entry and names it', () => {
    const altered = clone(honest);
    altered.log.find((e) => e.domain === 'lottery' && e.nonce === 1)!.ticketIndex += 1;
    expect(checkChain(altered).check).toMatchObject({ ok: false, entry: { domain: 'lottery', nonce: 1 } });
  });
});

describe('receipts', () => {
  it('an honest log passes through a receipt', () => {
    const verdict = checkReceipt(honest, receiptOf(honest, [3]));
    expect(verdict.ok).toBe(true);
    expect(verdict.checks.map((c) => c.id)).toEqual(['receipt-round', 'chain', 'receipt-ticket-3', 'receipt-head']);
  });

  it('a receipt from before tampering fails against the tampered log, even with a rebuilt chain', () => {
    const receipt = receiptOf(honest, [4, 5, 6, 7]);
    const tampered = clone(honest);
    // The operator rewrites an earlier buyer's draw and recomputes every hash and the head.
    tampered.log[1]!.clientSeed = 'rewritten';
    const rebuilt = extendChain(tampered.rulesHash!, tampered.log);
    tampered.log.forEach((e, i) => (e.hash = rebuilt.hashes[i]!));
    tampered.headHash = rebuilt.head;
    expect(checkChain(tampered).check.ok).toBe(true);
    const verdict = checkReceipt(tampered, receipt);
    expect(verdict.ok).toBe(false);
    expect(verdict.checks.find((c) => c.id === 'receipt-ticket-4')).toMatchObject({ ok: false });
  });

  it('a receipt whose entry was dropped fails; another round is named', () => {
    const receipt = receiptOf(honest, [9]);
    const dropped = clone(honest);
    dropped.log.splice(9, 1);
    expect(checkReceipt(dropped, receipt).ok).toBe(false);
    expect(checkReceipt({ ...honest, setId: 'other' }, receipt).checks[0]).toMatchObject({
      id: 'receipt-round',
      ok: false,
    });
  });
});

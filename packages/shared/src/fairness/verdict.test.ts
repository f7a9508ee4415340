import { describe, expect, it } from 'vitest';
import { fairnessRoundSchema, type FairnessRound } from './schemas.ts';
import { buildPublicFairnessVerdict } from './verdict.ts';
import { soldOutFairnessRound } from './test-helpers.ts';

const withDouble = { doubleChancePrizes: [{ rank: 'DC1', name: 'Signed Poster', quantity: 2 }] };
const clone = (round: FairnessRound): FairnessRound => structuredClone(round);

describe('buildPublicFairnessVerdict', () => {
  it('verifies an honest sold-out round with lottery and double chance picks', () => {
    const round = soldOutFairnessRound({ lottery: true, ...withDouble });
    expect(fairnessRoundSchema.parse(round)).toEqual(round);
    const verdict = buildPublicFairnessVerdict(round);
    expect(verdict.firstMismatch).toBeUndefined();
    expect(verdict).toMatchObject({ revealed: true, ok: true });
    const ids = verdict.checks.map((check) => check.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'box',
        'ticket-log',
        'commitment',
        'ticket-0',
        'ticket-9',
        'lottery-0',
        'lottery-9',
        'double-0',
        'double-1',
      ]),
    );
    expect(verdict.checks.filter((check) => check.entry?.domain === 'ticket')).toHaveLength(10);
  });

  it('detects a tampered ticket entry and names it', () => {
    const round = soldOutFairnessRound();
    const tampered = clone(round);
    // Swap the tickets of nonces 2 and 5: the log stays a valid permutation, only the replay can tell.
    const a = tampered.log.find((e) => e.nonce === 2)!;
    const b = tampered.log.find((e) => e.nonce === 5)!;
    [a.ticketIndex, b.ticketIndex] = [b.ticketIndex, a.ticketIndex];
    [a.letter, b.letter] = [b.letter, a.letter];
    const verdict = buildPublicFairnessVerdict(tampered);
    expect(verdict.ok).toBe(false);
    expect(verdict.firstMismatch).toMatchObject({ id: 'ticket-2', entry: { domain: 'ticket', nonce: 2 } });
    expect(verdict.firstMismatch!.label).toBe('Ticket draw, nonce 2');
  });

  it('detects a changed client seed', () => {
    const tampered = clone(soldOutFairnessRound());
    tampered.log.find((e) => e.nonce === 7)!.clientSeed = 'not-what-i-sent';
    const verdict = buildPublicFairnessVerdict(tampered);
    expect(verdict.ok).toBe(false);
    expect(verdict.firstMismatch?.entry).toEqual({ domain: 'ticket', nonce: 7 });
  });

  it("detects a letter that is not the ticket's letter in the box", () => {
    const tampered = clone(soldOutFairnessRound());
    const entry = tampered.log.find((e) => e.letter !== 'A')!;
    entry.letter = 'A';
    const verdict = buildPublicFairnessVerdict(tampered);
    expect(verdict.ok).toBe(false);
    expect(verdict.firstMismatch?.id).toBe('ticket-log');
    expect(verdict.firstMismatch?.detail).toContain(`nonce ${entry.nonce}`);
  });

  it('detects a wrong revealed seed', () => {
    const tampered = clone(soldOutFairnessRound());
    tampered.serverSeed = 'ab'.repeat(32);
    const verdict = buildPublicFairnessVerdict(tampered);
    expect(verdict.ok).toBe(false);
    expect(verdict.firstMismatch?.id).toBe('commitment');
    // The draws do not replay with the wrong seed either.
    expect(verdict.checks.some((check) => check.entry && !check.ok)).toBe(true);
  });

  it('detects a wrong commitment', () => {
    const tampered = clone(soldOutFairnessRound());
    tampered.commitment = 'cd'.repeat(32);
    expect(buildPublicFairnessVerdict(tampered).firstMismatch?.id).toBe('commitment');
  });

  it('detects a box that does not match the prize quantities', () => {
    const tampered = clone(soldOutFairnessRound());
    tampered.box[0] = 'B';
    expect(buildPublicFairnessVerdict(tampered).firstMismatch?.id).toBe('box');
    const shorter = clone(soldOutFairnessRound());
    shorter.prizes[3]!.quantity = 5;
    expect(buildPublicFairnessVerdict(shorter).firstMismatch?.id).toBe('box');
  });

  it('detects a removed, repeated or doubly taken ticket entry', () => {
    const removed = clone(soldOutFairnessRound());
    removed.log = removed.log.filter((e) => e.nonce !== 4);
    expect(buildPublicFairnessVerdict(removed).firstMismatch).toMatchObject({ id: 'ticket-log' });
    expect(buildPublicFairnessVerdict(removed).firstMismatch!.detail).toContain('expected nonce 4');

    const twice = clone(soldOutFairnessRound());
    const source = twice.log.find((e) => e.nonce === 1)!;
    const target = twice.log.find((e) => e.nonce === 6)!;
    target.ticketIndex = source.ticketIndex;
    target.letter = source.letter;
    expect(buildPublicFairnessVerdict(twice).firstMismatch?.detail).toContain('already taken');
  });

  it('detects a tampered lottery pick and a tampered double chance pick', () => {
    const round = soldOutFairnessRound({ lottery: true, ...withDouble });
    const lottery = clone(round);
    const pick = lottery.log.find((e) => e.domain === 'lottery' && e.nonce === 3)!;
    const other = lottery.log.find((e) => e.domain === 'lottery' && e.letter !== pick.letter)!;
    pick.letter = other.letter;
    expect(buildPublicFairnessVerdict(lottery).firstMismatch).toMatchObject({
      id: 'lottery-3',
      entry: { domain: 'lottery', nonce: 3 },
    });

    const double = clone(round);
    const winner = double.log.find((e) => e.domain === 'double' && e.nonce === 1)!;
    winner.ticketIndex = (winner.ticketIndex + 1) % round.box.length;
    expect(buildPublicFairnessVerdict(double).firstMismatch).toMatchObject({ id: 'double-1' });
  });

  it('detects lottery picks in a set without a lottery', () => {
    const round = clone(soldOutFairnessRound({ lottery: true }));
    round.lottery = false;
    expect(buildPublicFairnessVerdict(round).firstMismatch?.id).toBe('lottery-log');
  });

  it('checks the structure only while the seed is secret', () => {
    const live = soldOutFairnessRound({
      purchases: [
        ['x', 3],
        ['y', 2],
      ],
    });
    expect(live.serverSeed).toBeNull();
    const verdict = buildPublicFairnessVerdict(live);
    expect(verdict).toMatchObject({ revealed: false, ok: false });
    expect(verdict.firstMismatch).toBeUndefined();
    expect(verdict.checks.map((c) => c.id)).toEqual(['box', 'ticket-log', 'rules', 'chain']);
  });

  it('reports data in the wrong format instead of throwing', () => {
    const verdict = buildPublicFairnessVerdict({ setId: 'x', log: 'nope' });
    expect(verdict.ok).toBe(false);
    expect(verdict.firstMismatch?.id).toBe('format');
    const badSeed = { ...soldOutFairnessRound(), serverSeed: 'XYZ' };
    expect(buildPublicFairnessVerdict(badSeed).firstMismatch).toMatchObject({ id: 'format' });
    expect(buildPublicFairnessVerdict(badSeed).firstMismatch!.detail).toContain('serverSeed');
  });
});

import { describe, expect, it } from 'vitest';
import { buildPublicFairnessVerdict } from '@kujiya/shared';
import { soldOutFairnessRound } from '@kujiya/shared/testing';
import { verificationSteps } from './steps';

// The page's code on the shared fixture: an honest round, a live one, and dropped/reordered/altered logs.
describe('verificationSteps', () => {
  const honest = soldOutFairnessRound({
    lottery: true,
    doubleChancePrizes: [{ rank: 'DC1', name: 'Poster', quantity: 1 }],
  });
  const states = (round: typeof honest) =>
    Object.fromEntries(verificationSteps(buildPublicFairnessVerdict(round)).map((s) => [s.id, s.state]));

  it('every step verified on an honest sold-out round', () => {
    expect(states(honest)).toEqual({ rules: 'ok', chain: 'ok', structure: 'ok', commitment: 'ok', draws: 'ok' });
    expect(verificationSteps(buildPublicFairnessVerdict(honest)).at(-1)!.detail).toBe(
      '21 of 21 draws match the seed and the client seeds.',
    );
  });

  it('rules and chain verified while the seed is secret; the rest waits', () => {
    const live = soldOutFairnessRound({ purchases: [['a', 3]] });
    expect(states(live)).toEqual({
      rules: 'ok',
      chain: 'ok',
      structure: 'ok',
      commitment: 'pending',
      draws: 'pending',
    });
  });

  it('a dropped, reordered or altered entry breaks the chain step', () => {
    const dropped = structuredClone(honest);
    dropped.log.splice(3, 1);
    const reordered = structuredClone(honest);
    [reordered.log[0], reordered.log[1]] = [reordered.log[1]!, reordered.log[0]!];
    const altered = structuredClone(honest);
    altered.log[12]!.letter = 'A';
    for (const round of [dropped, reordered, altered]) expect(states(round).chain).toBe('bad');
  });
});

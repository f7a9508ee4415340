import { describe, expect, it } from 'vitest';
import { dropStatusPollMs } from './room-timing.ts';

const opensAt = '2026-11-21T04:00:00.000Z';
const opening = Date.parse(opensAt);
const waiting = { joined: true, admitted: false, position: null, opensAt };

describe('the waiting room status poll (docs/rules/drops.md)', () => {
  it('asks once just after the opening while no place can change, at most 30 s apart', () => {
    expect(dropStatusPollMs(waiting, opening - 10_000, 0)).toBe(11_000);
    expect(dropStatusPollMs(waiting, opening - 10_000, 0.5)).toBe(12_500);
    // The same moment however often the page works it out: the wait shrinks with the time to the opening.
    expect(opening - 4_000 + dropStatusPollMs(waiting, opening - 4_000, 0.5)).toBe(opening + 2_500);
    expect(dropStatusPollMs(waiting, opening - 10 * 60_000, 0.9)).toBe(30_000);
  });

  it('asks 5 s after the last word while a place is known or the opening has come, 30 s when not waiting', () => {
    expect(dropStatusPollMs({ ...waiting, position: 12 }, opening + 1_000, 0.3)).toBe(5_000);
    expect(dropStatusPollMs(waiting, opening + 1_000, 0.3)).toBe(5_000);
    expect(dropStatusPollMs({ ...waiting, opensAt: null }, opening, 0.3)).toBe(5_000);
    expect(dropStatusPollMs({ ...waiting, position: 0, admitted: true }, opening, 0.3)).toBe(30_000);
    expect(dropStatusPollMs({ ...waiting, joined: false }, opening - 10_000, 0.3)).toBe(30_000);
    expect(dropStatusPollMs(undefined, opening, 0.3)).toBe(30_000);
  });
});

import { describe, expect, it } from 'vitest';
import { findActiveCard } from './active-card';

describe('active card', () => {
  const container = { left: 0, width: 390 }; // centre 195

  it('picks the card whose centre is within 50 px of the row centre', () => {
    const cards = [
      { left: -100, width: 200 }, // centre 0
      { left: 100, width: 200 }, // centre 200
      { left: 320, width: 200 }, // centre 420
    ];
    expect(findActiveCard(container, cards)).toBe(1);
  });

  it('has no active card when none is close enough', () => {
    expect(
      findActiveCard(container, [
        { left: 0, width: 80 },
        { left: 300, width: 80 },
      ]),
    ).toBe(-1);
    // 51 px away is outside, 50 px is inside.
    expect(findActiveCard(container, [{ left: 146, width: 200 }])).toBe(-1);
    expect(findActiveCard(container, [{ left: 195, width: 100 }])).toBe(0);
  });

  it('prefers the nearest of two close cards', () => {
    expect(
      findActiveCard(container, [
        { left: 130, width: 100 },
        { left: 140, width: 100 },
      ]),
    ).toBe(1);
  });
});

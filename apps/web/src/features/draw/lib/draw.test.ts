import { describe, expect, it } from 'vitest';
import {
  isDrawFinished,
  markDrawFinished,
  orderUpdateFailedMessage,
  readDrawProgress,
  shakeAmplitude,
  ticketsLeftToDraw,
  writeDrawProgress,
} from './draw-progress';
import { countPrizes, isChallengeWin, prizeTitle, revealPlan, ticketBackTier, ticketBackUrl } from './reveal-plan';
import {
  FINAL_EFFECT_START,
  LAST_FRAME,
  TEAR_FRAMES,
  frameAfter,
  frameForDrag,
  inFinalEffect,
  spriteOffset,
} from './tear';

describe('tear animation maths', () => {
  it('has 72 frames, the final effect in the last 30', () => {
    expect(TEAR_FRAMES).toBe(72);
    expect(FINAL_EFFECT_START).toBe(42);
    expect(inFinalEffect(41)).toBe(false);
    expect(inFinalEffect(42)).toBe(true);
  });

  it('advances one frame every 16 ms and stops at the last frame', () => {
    expect(frameAfter(0, 15)).toBe(0);
    expect(frameAfter(0, 16)).toBe(1);
    expect(frameAfter(10, 160)).toBe(20);
    expect(frameAfter(0, 71 * 16)).toBe(71);
    expect(frameAfter(0, 10_000)).toBe(LAST_FRAME);
  });

  it('follows a left-to-right drag and never goes backwards', () => {
    expect(frameForDrag(0, 0, 240)).toBe(0);
    expect(frameForDrag(0, 120, 240)).toBe(36);
    expect(frameForDrag(36, 60, 240)).toBe(36);
    expect(frameForDrag(0, 500, 240)).toBe(71);
    expect(frameForDrag(5, -40, 240)).toBe(5);
  });

  it('maps frames onto the 12-column sheet', () => {
    expect(spriteOffset(0)).toEqual({ x: -0, y: -0 });
    expect(spriteOffset(13)).toEqual({ x: -240, y: -360 });
    expect(spriteOffset(71)).toEqual({ x: -11 * 240, y: -5 * 360 });
  });
});

describe('reveal plan', () => {
  it('opens the letters in draw order and the Last Prize last', () => {
    expect(revealPlan({ selectedPrizes: ['C', 'LAST', 'A'] })).toEqual(['C', 'A', 'LAST']);
  });

  it('picks the ticket back by rank: gold A-C, silver D-F, bronze otherwise, Last Prize its own', () => {
    expect(['A', 'C', 'D', 'F', 'G', 'LAST'].map(ticketBackTier)).toEqual([
      'gold',
      'gold',
      'silver',
      'silver',
      'bronze',
      'last',
    ]);
    expect(ticketBackUrl('gold')).toBe('/draw/ticket-back-gold.svg');
  });

  it('spots the challenge letter', () => {
    expect(isChallengeWin('B', 'B')).toBe(true);
    expect(isChallengeWin('A', 'B')).toBe(false);
    expect(isChallengeWin('A', null)).toBe(false);
  });

  it('names prizes and counts them', () => {
    expect(prizeTitle('A')).toBe('Prize A');
    expect(prizeTitle('LAST')).toBe('Last Prize');
    expect(countPrizes(['C', 'LAST', 'A', 'C'])).toEqual([
      { rank: 'A', count: 1 },
      { rank: 'C', count: 2 },
      { rank: 'LAST', count: 1 },
    ]);
  });
});

describe('draw progress and shake', () => {
  it('remembers how many tickets were opened', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    expect(readDrawProgress('o1', storage)).toBe(0);
    writeDrawProgress('o1', 2, storage);
    expect(readDrawProgress('o1', storage)).toBe(2);
    expect(readDrawProgress('o2', storage)).toBe(0);
  });

  it('clamps the slider to 1-10', () => {
    expect(shakeAmplitude(0)).toBe(shakeAmplitude(1));
    expect(shakeAmplitude(15)).toBe(shakeAmplitude(10));
    expect(shakeAmplitude(10)).toBeGreaterThan(shakeAmplitude(1));
  });
});

describe('draw failure text', () => {
  it("is 'Failed to update order: {message}'", () => {
    expect(orderUpdateFailedMessage('This order is not paid.')).toBe('Failed to update order: This order is not paid.');
  });
});

describe('what /draw says of the tickets', () => {
  it('a Challenge counts every ticket bought until its letter is torn open, then none', () => {
    // 10 bought, the letter on the 3rd: 7 refunded.
    expect(ticketsLeftToDraw({ plan: 3, refunded: 7, taken: 0, opened: 0 })).toBe(10);
    expect(ticketsLeftToDraw({ plan: 3, refunded: 7, taken: 3, opened: 2 })).toBe(7);
    expect(ticketsLeftToDraw({ plan: 3, refunded: 7, taken: 3, opened: 3 })).toBe(0);
    expect(ticketsLeftToDraw({ plan: 4, refunded: 0, taken: 1, opened: 1 })).toBe(3);
    expect(ticketsLeftToDraw({ plan: 0, refunded: 0, taken: 0, opened: 0 })).toBe(0);
  });

  it('a finished order is remembered and its progress dropped', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    writeDrawProgress('o1', 3, storage);
    expect(isDrawFinished('o1', storage)).toBe(false);
    markDrawFinished('o1', storage);
    expect(isDrawFinished('o1', storage)).toBe(true);
    expect(readDrawProgress('o1', storage)).toBe(0);
    expect(isDrawFinished('o2', storage)).toBe(false);
  });
});

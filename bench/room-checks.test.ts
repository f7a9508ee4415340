import { describe, expect, it } from 'vitest';
import {
  admissionOrderCheck,
  admissionToPurchase,
  admissionToPurchaseBySecond,
  admissionToldLate,
  positionUpdateDelays,
} from './room-checks.ts';
import type { RoomShopper, RoomUpdate } from './room-shopper.ts';

describe('admissionOrderCheck', () => {
  const order = ['a', 'b', 'c', 'd'];

  it('finds nobody out of order when admissions follow the order, and ignores those never admitted', () => {
    const at = new Map([
      ['a', 1000],
      ['b', 1000],
      ['d', 1500],
    ]);
    expect(admissionOrderCheck(order, at, 0)).toEqual({ admitted: 3, outOfOrder: 0 });
  });

  it('counts an entrant admitted before someone ahead of it, beyond the tolerance only', () => {
    const at = new Map([
      ['a', 5000],
      ['b', 1000],
      ['c', 4000],
      ['d', 6000],
    ]);
    expect(admissionOrderCheck(order, at, 0)).toEqual({ admitted: 4, outOfOrder: 2 });
    expect(admissionOrderCheck(order, at, 2000)).toEqual({ admitted: 4, outOfOrder: 1 });
  });
});

const shopper = (admittedAt: number | undefined, updates: RoomUpdate[], accepted: number[] = []) =>
  ({ admittedAt, updates, accepted: accepted.map((at) => ({ at, tickets: 1 })) }) as unknown as RoomShopper;

describe('positionUpdateDelays', () => {
  it('measures each position from the admission that made it true, or from the opening', () => {
    const opening = 10_000;
    const first = shopper(10_100, [{ at: 10_100, position: null, admitted: true }]);
    const second = shopper(10_300, [
      { at: 9_000, position: null, admitted: false },
      { at: 10_050, position: 2, admitted: false },
      { at: 10_250, position: 1, admitted: false },
      { at: 10_300, position: 1, admitted: true },
    ]);
    // second: position 2 (one ahead) since the opening, 50 ms; position 1 since first's admission, 150 ms.
    expect(positionUpdateDelays([second, first], opening)).toEqual([50, 150]);
  });
});

describe('admissionToPurchase', () => {
  it('takes each admitted shopper first accepted purchase', () => {
    const shoppers = [shopper(1000, [], [1200, 1500]), shopper(2000, [], []), shopper(undefined, [], [])];
    expect(admissionToPurchase(shoppers)).toEqual([200]);
  });
});

describe('admissionToPurchaseBySecond', () => {
  it('splits the times by the second of the admission after the opening', () => {
    const shoppers = [
      shopper(1000, [], [1300]),
      shopper(1900, [], [2000]),
      shopper(2500, [], [2550]),
      shopper(4000, [], [4010]),
    ];
    expect(admissionToPurchaseBySecond(shoppers, 1000)).toEqual([
      { label: '0–1 s', times: [100, 300] },
      { label: '1–2 s', times: [50] },
      { label: '2 s on', times: [10] },
    ]);
  });
});

describe('admissionToldLate', () => {
  it("measures each admitted shopper's news against the room's admit_at", () => {
    const told = (id: string, admittedAt: number | undefined) =>
      ({ shopper: { id }, admittedAt, updates: [], accepted: [] }) as unknown as RoomShopper;
    const room = {
      entrantListHash: 'h',
      entrants: [
        { entrantId: 'e1', userId: 'a', openingNumber: 1, admitAt: 1000 },
        { entrantId: 'e2', userId: 'b', openingNumber: 2, admitAt: 1100 },
        { entrantId: 'e3', userId: 'c', openingNumber: 3, admitAt: 1200 },
      ],
    };
    expect(admissionToldLate([told('b', 1400), told('a', 1050), told('c', undefined)], room)).toEqual([50, 300]);
    expect(admissionToldLate([told('a', 1050)], undefined)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  collectionDates,
  collectionSlotsFor,
  isTradable,
  isValidCollectionSlot,
  shippingFeeCents,
  singaporeInstant,
} from './rules.ts';
import { countryChoices, isKnownCountryCode, isShippableCountry, COUNTRIES, SHIPPABLE_COUNTRIES } from './countries.ts';
import { countrySchema } from '../accounts/schemas.ts';

describe('shipping fee', () => {
  it.each([
    [0, 0, 0],
    [1, 0, 500],
    [2, 0, 500],
    [3, 0, 1000],
    [0, 20, 500],
    [0, 21, 1000],
    [3, 21, 1000],
    [5, 1, 1500],
    [1, 40, 1000],
  ])('%i big and %i small cost %i cents', (big, small, fee) => {
    expect(shippingFeeCents(big, small)).toBe(fee);
  });
});

describe('self-collection slots', () => {
  // Monday 23 Nov 2026, 10:00 in Singapore.
  const now = singaporeInstant('2026-11-23', 10);
  it('offers Wednesdays and Fridays from today to 14 days ahead', () => {
    expect(collectionDates(now)).toEqual(['2026-11-25', '2026-11-27', '2026-12-02', '2026-12-04']);
  });
  it('Wednesday has 2-6 PM, Friday 6-9 PM', () => {
    expect(collectionSlotsFor('2026-11-25', now).map((d) => d.toISOString())).toEqual([
      '2026-11-25T06:00:00.000Z',
      '2026-11-25T07:00:00.000Z',
      '2026-11-25T08:00:00.000Z',
      '2026-11-25T09:00:00.000Z',
      '2026-11-25T10:00:00.000Z',
    ]);
    expect(collectionSlotsFor('2026-11-27', now)).toHaveLength(4);
    expect(collectionSlotsFor('2026-11-24', now)).toEqual([]);
  });
  it('checks a date-time', () => {
    expect(isValidCollectionSlot('2026-11-25T15:00:00+08:00', now)).toBe(true);
    expect(isValidCollectionSlot('2026-11-25T15:30:00+08:00', now)).toBe(false);
    expect(isValidCollectionSlot('2026-11-25T19:00:00+08:00', now)).toBe(false);
    expect(isValidCollectionSlot('2026-12-09T15:00:00+08:00', now)).toBe(false);
    expect(isValidCollectionSlot(singaporeInstant('2026-11-25', 14), singaporeInstant('2026-11-25', 15))).toBe(false);
  });
});

describe('trade cut-off', () => {
  const now = singaporeInstant('2026-11-23', 10);
  it('blocks items due before Singapore midnight two days ahead', () => {
    expect(isTradable(null, now)).toBe(true);
    expect(isTradable(singaporeInstant('2026-11-25', 0), now)).toBe(false);
    expect(isTradable(singaporeInstant('2026-11-25', 1), now)).toBe(true);
  });
});

describe('countries', () => {
  it('the forms offer Singapore only, plus a stored other country so it still shows', () => {
    expect(SHIPPABLE_COUNTRIES.map((c) => c.code)).toEqual(['SG']);
    expect(countryChoices('SG').map((c) => c.code)).toEqual(['SG']);
    expect(countryChoices('my').map((c) => c.code)).toEqual(['SG', 'MY']);
  });

  it('carries the reference rows and ships only to SG', () => {
    expect(COUNTRIES.find((c) => c.code === 'SG')).toMatchObject({ name: 'Singapore', phone: [65], currency: ['SGD'] });
    expect(isKnownCountryCode('my')).toBe(true);
    expect(isKnownCountryCode('XX')).toBe(false);
    expect(isShippableCountry('SG')).toBe(true);
    expect(isShippableCountry('MY')).toBe(false);
    expect(countrySchema.parse('sg')).toBe('SG');
    expect(countrySchema.safeParse('XX').success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { arrivalDate } from './arrival';

describe('arrival text', () => {
  it('drops a leading label and keeps the date', () => {
    expect(arrivalDate('Estimated arrival: March 2027')).toBe('March 2027');
    expect(arrivalDate('estimated arrival March 2027')).toBe('March 2027');
    expect(arrivalDate('Mid 2027')).toBe('Mid 2027');
  });

  it('says when there is no date yet', () => {
    expect(arrivalDate(null)).toBe('To be announced');
    expect(arrivalDate('Estimated arrival:')).toBe('To be announced');
  });
});

import { describe, expect, it } from 'vitest';
import { shippingFeeDollars } from './policies';

describe('shippingFeeDollars (the fee the Shipping and Delivery page shows)', () => {
  it('charges $5 per bundle of up to 2 big and 20 small prizes', () => {
    expect(shippingFeeDollars(1, 0)).toBe(5);
    expect(shippingFeeDollars(2, 20)).toBe(5);
    expect(shippingFeeDollars(0, 21)).toBe(10);
  });

  it('uses whichever of big or small prizes needs more bundles', () => {
    expect(shippingFeeDollars(3, 5)).toBe(10);
    expect(shippingFeeDollars(1, 35)).toBe(10);
    expect(shippingFeeDollars(5, 41)).toBe(15);
  });

  it('is free with nothing to ship', () => {
    expect(shippingFeeDollars(0, 0)).toBe(0);
  });
});

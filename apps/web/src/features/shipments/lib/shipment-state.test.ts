import { describe, expect, it } from 'vitest';
import { shipmentStateText, trackingTarget } from './shipment-state';

describe('shipment state for the shopper', () => {
  it('says shipped with its Singapore date, booked, or being booked', () => {
    expect(shipmentStateText({ shippedAt: '2026-11-25T17:00:00.000Z', awbNumber: 'TEST1' })).toBe(
      'Shipped on 26 Nov 2026',
    );
    expect(shipmentStateText({ shippedAt: null, awbNumber: 'TEST1' })).toBe('Booked with the courier');
    expect(shipmentStateText({ shippedAt: null, awbNumber: null })).toBe('Paid, booking with the courier');
  });

  it("opens the shop's own tracking page as a route and a courier's page as a link", () => {
    expect(trackingTarget('http://shop.test/track/TEST1', 'http://shop.test')).toEqual({ route: '/track/TEST1' });
    expect(trackingTarget('https://courier.example/t/1', 'http://shop.test')).toEqual({
      href: 'https://courier.example/t/1',
    });
  });
});

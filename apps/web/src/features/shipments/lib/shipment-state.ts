import type { Shipment } from '@kujiya/shared';
import { formatSgDate } from '@kujiya/shared';

/** Where a paid shipment stands for the shopper: shipped (with its date), booked with the courier, or being booked. */
export function shipmentStateText(shipment: Pick<Shipment, 'shippedAt' | 'awbNumber'>): string {
  if (shipment.shippedAt) return `Shipped on ${formatSgDate(shipment.shippedAt)}`;
  if (shipment.awbNumber) return 'Booked with the courier';
  return 'Paid, booking with the courier';
}

/**
 * The tracking link: a page of the shop itself (the test courier's) opens in the app as a route;
 * a courier's own page opens in a new tab.
 */
export function trackingTarget(trackingUrl: string, origin: string): { route: string } | { href: string } {
  try {
    const url = new URL(trackingUrl, origin);
    if (url.origin === origin) return { route: `${url.pathname}${url.search}` };
  } catch {
    // not a URL: shown as an external link as given
  }
  return { href: trackingUrl };
}

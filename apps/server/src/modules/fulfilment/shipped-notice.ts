import type { Tx } from '../../db/database.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { ShipmentRow } from './views.ts';

const PARCEL_SHIPPED_SUBJECT = 'Your parcel is on its way';

/**
 * "Your parcel is on its way" once the owner marks a shipment shipped (docs/rules/notifications.md,
 * `parcelShipped`): the bell, a push and a mail the shopper may switch off, each with the tracking
 * link when the courier gave one (the shipments page otherwise). Queued in the caller's transaction,
 * so it exists exactly when the shipment is shipped; the push and the mail go out after the commit.
 */
export async function tellShipped(
  tx: Tx,
  notifications: NotificationsService,
  row: ShipmentRow,
  publicUrl: string,
): Promise<void> {
  const track = row.awbNumber ? `/track/${encodeURIComponent(row.awbNumber)}` : null;
  const trackingLink =
    row.trackingUrl && /^https?:\/\//.test(row.trackingUrl) ? row.trackingUrl : track && `${publicUrl}${track}`;
  const count = row.items.reduce((n, item) => n + item.quantity, 0);
  const what = `${count} ${count === 1 ? 'prize' : 'prizes'}`;
  const message = trackingLink
    ? `Your parcel is on its way (${what}). Track it: ${trackingLink}`
    : `Your parcel is on its way (${what}).`;
  await notifications.notify(tx, [row.userId], message, {
    email: {
      subject: PARCEL_SHIPPED_SUBJECT,
      details: [
        ...(row.awbNumber ? [{ label: 'Air waybill', value: row.awbNumber }] : []),
        { label: 'To', value: `${row.receiverName}, ${row.receiverFullAddress} ${row.receiverPostcode}` },
        ...(trackingLink ? [{ label: 'Tracking', value: trackingLink }] : []),
      ],
    },
    kind: 'parcelShipped',
    url: track ?? '/shipments',
  });
}

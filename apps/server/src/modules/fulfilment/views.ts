import {
  formatSgWeekdayDate,
  shopClockTime,
  singaporeDateTimeText,
  type PickupPoint,
  type SelectedItem,
  type SelfCollection,
  type Shipment,
} from '@kujiya/shared';
import type { TakenUnits, UnitRequest } from '../inventory/service.ts';
import type { ShipmentLine, selfCollections, shipments } from './tables.ts';

// Row types stay in this module (docs/architecture.md, "Module boundaries").
export type ShipmentRow = typeof shipments.$inferSelect;
export type CollectionRow = typeof selfCollections.$inferSelect;

export const SHIPMENT_NOT_FOUND = 'Shipment not found';
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const lines = (taken: TakenUnits[]): ShipmentLine[] =>
  taken.map((t) => ({ batchId: t.batchId, setName: t.setName, prizeName: t.prizeName, quantity: t.quantity }));
export const publicLines = (items: ShipmentLine[]) =>
  items.map(({ setName, prizeName, quantity }) => ({ setName, prizeName, quantity }));
export const units = (items: SelectedItem[]): UnitRequest[] =>
  items.map((i) => ({ batchId: i.batchId, quantity: i.quantity }));

/** What the shopper's shipment and the back office's shipment row both show of a shipment. */
export function shipmentBasics(row: ShipmentRow) {
  return {
    _id: row.id,
    awbNumber: row.awbNumber,
    awbLink: row.awbLink,
    easyparcelOrderId: row.easyparcelOrderId,
    shippingFee: row.shippingFee,
    inventoryItems: publicLines(row.items),
    receiverName: row.receiverName,
    receiverContact: row.receiverContact,
    receiverUnit: row.receiverUnit,
    receiverFullAddress: row.receiverFullAddress,
    receiverPostcode: row.receiverPostcode,
    receiverCountry: row.receiverCountry,
    createdAt: row.createdAt.toISOString(),
    paid: row.status === 'paid',
    shipped: row.shippedAt !== null,
  };
}

export function shipmentView(row: ShipmentRow): Shipment {
  return {
    ...shipmentBasics(row),
    trackingUrl: row.awbNumber ? row.trackingUrl : null,
    shippedAt: row.shippedAt ? row.shippedAt.toISOString() : null,
  };
}

export function collectionView(row: CollectionRow): SelfCollection {
  return {
    _id: row.id,
    collectionId: row.reference,
    status: row.status,
    inventoryItems: publicLines(row.items),
    collectionDate: row.collectionDate.toISOString(),
    collectedAt: row.collectedAt ? row.collectedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The booking's mail rows: reference, date, slot (Singapore time) and where to collect. */
export function collectionDetails(reference: string, slotAt: Date, pickup: PickupPoint) {
  return [
    { label: 'Reference', value: reference },
    { label: 'Date', value: formatSgWeekdayDate(slotAt) },
    { label: 'Slot', value: shopClockTime(slotAt) },
    { label: 'Address', value: pickup.address },
    ...(pickup.mapLink ? [{ label: 'Map', value: pickup.mapLink }] : []),
  ];
}

/** The booking's confirmation (in-app and e-mail): reference, slot in Singapore time, where to collect. */
export function collectionBookedMessage(reference: string, slotAt: Date, pickup: PickupPoint): string {
  return [
    `Your self-collection ${reference} is booked for ${singaporeDateTimeText(slotAt)} (Singapore time).`,
    `Collect at: ${pickup.address}.`,
    pickup.openingNote,
    pickup.mapLink ? `Map: ${pickup.mapLink}` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

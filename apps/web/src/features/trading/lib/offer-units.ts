import { isTradable, selectableUnits, type InventoryResponse } from '@kujiya/shared';

/** A batch the shopper could offer: its free, tradable units. */
export interface OfferableUnit {
  batchId: string;
  setName: string;
  prizeName: string;
  image: string;
  shipByDate: string | null;
  available: number;
}

/** Units not already in a trade and not due within a day (pre-orders are always tradable). */
export function offerableUnits(inventory: InventoryResponse, now: Date): OfferableUnit[] {
  const units: OfferableUnit[] = [];
  for (const [setName, items] of Object.entries(inventory)) {
    for (const item of items) {
      for (const batch of item.batches) {
        const available = selectableUnits(batch);
        if (available <= 0 || !isTradable(batch.shipByDate ?? null, now)) continue;
        units.push({
          batchId: batch.batchId,
          setName,
          prizeName: item.prizeName,
          image: item.image,
          shipByDate: batch.shipByDate ?? null,
          available,
        });
      }
    }
  }
  return units;
}

/** The chosen quantities with this batch set to `quantity`, clamped to 0..available (0 removes it). */
export function withOfferQuantity(
  chosen: Readonly<Record<string, number>>,
  unit: OfferableUnit,
  quantity: number,
): Record<string, number> {
  const next = { ...chosen };
  const clamped = Math.min(unit.available, Math.max(0, Number.isFinite(quantity) ? Math.trunc(quantity) : 0));
  if (clamped === 0) delete next[unit.batchId];
  else next[unit.batchId] = clamped;
  return next;
}

import type { FulfilmentService } from '../modules/fulfilment/service.ts';
import type { InventoryService } from '../modules/inventory/service.ts';
import { JOB } from './names.ts';
import type { JobDefinition } from './queue.ts';

/**
 * Fulfilment (docs/rules/fulfilment.md): unpaid shipments expire, paid ones are booked with the
 * courier and tracked, and the two-week clock sends ship-by reminders and forfeits. Every row is
 * claimed (SKIP LOCKED, a claim time, a unique reminder row), so a repeated run books, mails or
 * forfeits nothing twice; the courier's own failures are retried on the shipment row.
 */
export const fulfilmentJobs = (
  fulfilment: FulfilmentService,
  inventory: InventoryService,
  everyMs: number,
): JobDefinition[] => [
  {
    name: JOB.shipmentExpiry,
    everyMs,
    retryLimit: 3,
    retryDelaySeconds: 5,
    run: async () => ({ expired: await fulfilment.expireShipments() }),
  },
  {
    name: JOB.courier,
    everyMs,
    retryLimit: 5,
    retryDelaySeconds: 10,
    run: () => fulfilment.runCourierJobs(),
  },
  {
    name: JOB.shipByClock,
    everyMs,
    retryLimit: 5,
    retryDelaySeconds: 10,
    run: () => inventory.runClock(),
  },
  {
    name: JOB.collectionReminders,
    everyMs,
    retryLimit: 5,
    retryDelaySeconds: 10,
    run: async () => ({ reminded: await fulfilment.remindCollectionsTomorrow() }),
  },
];

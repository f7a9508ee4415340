import { collectionDates, collectionSlotsFor } from '@kujiya/shared';
import type { AppContext } from '../core/context.ts';
import type { Services } from '../services.ts';
import { TestGateway } from '../modules/payments/test-gateway.ts';
import { DEMO_BUYERS } from './demo-buyers.ts';

const HISTORY_DAYS = 21;

/**
 * Something for the back office to run on a fresh demo shop: the demo buyers' orders spread over
 * three weeks (the dashboard's charts), two paid parcels waiting to be packed and two collections
 * booked this week, all made through the real services. Skipped without the test gateway.
 */
export async function seedDemoBackOffice(ctx: AppContext, services: Services): Promise<string[]> {
  const { accounts, orders, inventory, fulfilment, payments } = services;
  const gateway = payments.gateway;
  if (!(gateway instanceof TestGateway)) return [];
  const buyers = (await Promise.all(DEMO_BUYERS.map((name) => accounts.findAccount(name)))).filter((a) => a !== null);
  const orderIds: string[] = [];
  for (const buyer of buyers) orderIds.push(...(await orders.ordersOfUser(buyer.id)).map((o) => o.id));
  await orders.spreadForDemo(orderIds, HISTORY_DAYS);

  const now = ctx.clock.now();
  const slots = collectionDates(now).flatMap((date) => collectionSlotsFor(date, now));
  const year = String((now.getUTCFullYear() + 5) % 100).padStart(2, '0');
  let parcels = 0;
  let collections = 0;
  for (const [index, buyer] of buyers.slice(0, 4).entries()) {
    const user = { id: buyer.id, username: buyer.username, role: 'user' as const };
    const free = [];
    for (const batch of await inventory.batchesOfUser(buyer.id)) {
      if (batch.shipByDate && (await inventory.freeUnits(batch.id)) > 0) free.push(batch);
    }
    const batch = free[0];
    if (!batch) continue;
    if (index < 2) {
      await accounts.updateProfile(user, {
        phoneNumber: `9${String(1234560 + index)}`,
        fullName: `${buyer.username.replace(/_/g, ' ')} demo`,
        country: 'SG',
        postalCode: `5${String(20000 + index * 111)}`,
        unitNumber: `#0${index + 2}-1${index}`,
        fullAddress: `${10 + index} Demo Avenue, Singapore`,
      });
      const intent = await fulfilment.createShippingIntent(user, {
        inventoryItems: [{ batchId: batch.id, quantity: 1 }],
        useProfileAddress: true,
      });
      await gateway.confirm({
        clientSecret: intent.clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expiry: `12/${year}`,
        cvc: '123',
      });
      parcels++;
    } else {
      const slot = slots[index % slots.length];
      if (!slot) continue;
      await fulfilment.createCollection(user, {
        items: [{ batchId: batch.id, quantity: 1 }],
        collectionDate: slot.toISOString(),
      });
      collections++;
    }
  }
  return [
    `Demo back office: ${orderIds.length} orders over ${HISTORY_DAYS} days, ${parcels} parcels to pack, ${collections} collections booked`,
  ];
}

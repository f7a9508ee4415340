import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_SHOPPER } from './demo-accounts.ts';

describe('demo fulfilment', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ demo: true })));
  afterAll(async () => t.close());

  it('the demo shopper holds in-stock, due-in-2-days and pre-order items, a paid shipment with tracking and a pending collection', async () => {
    const account = (await t.services.accounts.findAccount(DEMO_SHOPPER.username))!;
    const user = { id: account.id, username: account.username, role: 'user' as const };
    const inventory = await t.services.inventory.inventoryOf(account.id);
    const batches = Object.values(inventory).flatMap((items) => items.flatMap((i) => i.batches));
    const now = t.clock.now().getTime();
    const days = (b: { shipByDate?: string }) => (new Date(b.shipByDate!).getTime() - now) / (24 * 3600 * 1000);
    expect(batches.some((b) => b.shipByDate === undefined)).toBe(true);
    expect(batches.some((b) => b.shipByDate && days(b) > 1.5 && days(b) <= 2)).toBe(true);
    expect(batches.some((b) => b.shipByDate && days(b) > 13)).toBe(true);
    const { shipments } = await t.services.fulfilment.userShipments(user, user.username);
    expect(shipments).toHaveLength(1);
    expect(shipments[0]).toMatchObject({ paid: true });
    expect(shipments[0]!.trackingUrl).toContain(shipments[0]!.awbNumber!);
    const { collections } = await t.services.fulfilment.userCollections(user);
    expect(collections.map((c) => c.status)).toEqual(['pending']);
  });
});

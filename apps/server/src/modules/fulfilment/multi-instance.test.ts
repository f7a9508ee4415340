import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../core/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  INSTANCE_JWT_SECRET as JWT_SECRET,
  callInstance,
  startInstance,
  stopInstance,
  until,
  type Instance,
} from '../../test/instances.ts';
import type { Shopper } from '../orders/test-helpers.ts';
import { addressedShopper, givePrizes, nextCollectionSlot as nextSlot } from './test-helpers.ts';

/**
 * Fulfilment across instances: two real server processes (background jobs on, every 300 ms) share
 * one fresh PostgreSQL database with the test process, which sets data up and reads outcomes.
 * Skipped without TEST_DATABASE_URL (only PostgreSQL can be shared by processes).
 */
const call = (instance: Instance, shopper: Shopper | null, method: 'GET' | 'POST', url: string, body?: unknown) =>
  callInstance(instance, shopper?.headers.authorization, method, url, body);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!process.env.TEST_DATABASE_URL)('fulfilment on two server instances sharing PostgreSQL', () => {
  let t: TestApp;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    t = await createTestApp({ clock: new TestClock(new Date()), env: { JWT_SECRET } });
    const url = (t.database as { url?: string }).url;
    if (!url) throw new Error('the multi-instance tests need TEST_DB=postgres (project server-postgres)');
    [a, b] = await Promise.all([startInstance(url), startInstance(url)]);
  });
  afterAll(async () => {
    await Promise.all([stopInstance(a), stopInstance(b)]);
    await t?.close();
  });

  it('abandon, ship, collect and a trade lock racing on both instances never use the same unit twice', async () => {
    for (let round = 0; round < 4; round += 1) {
      const alice = await addressedShopper(t, `racer${round}`);
      const ids = await givePrizes(t, alice, { A: 3 }, 10);
      const batchId = ids.A!;
      const items = [{ batchId, quantity: 2 }];
      // The slot by real time: the instances run on the system clock.
      const collectionDate = nextSlot(new Date());
      const results = await Promise.all([
        call(a, alice, 'POST', '/api/inventory/abandon', { items }),
        call(b, alice, 'POST', '/api/payment/shipping/create-intent', {
          inventoryItems: items,
          useProfileAddress: true,
        }),
        call(round % 2 ? a : b, alice, 'POST', '/api/self-collection/create', { items, collectionDate }),
        call(round % 2 ? b : a, alice, 'POST', '/api/inventory/abandon', {
          items: [
            { batchId, quantity: 1 },
            { batchId, quantity: 1 },
          ],
        }),
        // A trade lock (the trading issue's entry point) from the test process at the same time.
        t.ctx.db
          .transaction((tx) => t.services.inventory.lockUnits(tx, alice.user.id, items, 'trade', crypto.randomUUID()))
          .then(() => ({ status: 200, json: {} }))
          .catch((error: { statusCode?: number }) => ({ status: error.statusCode ?? 500, json: {} })),
      ]);
      for (const res of results) expect([200, 400]).toContain(res.status);
      const winners = results.filter((r) => r.status === 200).length;
      // Three units, two per action: exactly one action can win.
      expect(winners).toBe(1);
      const [batch] = (await t.services.inventory.batchesOfUser(alice.user.id)).filter((x) => x.id === batchId);
      expect(batch!.removed + batch!.locked).toBe(2);
      expect(await t.services.inventory.freeUnits(batchId)).toBe(1);
    }
  });

  it('a paid shipment is handed to the courier once; an unpaid one returns its units', async () => {
    const bob = await addressedShopper(t, 'shipper');
    const ids = await givePrizes(t, bob, { A: 2, B: 4 }, 10);
    const created = await call(a, bob, 'POST', '/api/payment/shipping/create-intent', {
      inventoryItems: [{ batchId: ids.A!, quantity: 2 }],
      useProfileAddress: true,
    });
    expect(created.status).toBe(200);
    const { clientSecret, shipmentId } = created.json as { clientSecret: string; shipmentId: string };
    const pay = await call(b, null, 'POST', '/api/test-gateway/confirm', {
      clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(pay.status).toBe(200);
    await until(async () => (await t.services.fulfilment.shipment(shipmentId))?.awbNumber != null);
    await pause(1500);
    const bookedLogs = [...a.logs, ...b.logs]
      .filter((l) => l.job === 'courier' && typeof l.booked === 'number')
      .reduce((n, l) => n + (l.booked as number), 0);
    expect(bookedLogs).toBe(1);
    const status = await call(b, bob, 'GET', `/api/shipment/processing-status/${shipmentId}`);
    expect(status.json).toEqual({ status: 'completed', error: null });

    // Unpaid: the window is moved into the past; a job on either instance returns the units once.
    const unpaid = await call(b, bob, 'POST', '/api/payment/shipping/create-intent', {
      inventoryItems: [{ batchId: ids.B!, quantity: 4 }],
      useProfileAddress: true,
    });
    const unpaidId = (unpaid.json as { shipmentId: string }).shipmentId;
    expect(await t.services.inventory.freeUnits(ids.B!)).toBe(0);
    await t.ctx.db.execute(
      `update shipments set expires_at = now() - interval '1 minute' where id = '${unpaidId}'` as never,
    );
    await until(async () => (await t.services.inventory.freeUnits(ids.B!)) === 4);
    expect((await call(a, bob, 'GET', `/api/shipment/processing-status/${unpaidId}`)).json?.status).toBe('failed');
  });

  it('reminders and forfeiture run once across both instances (and concurrent runs here)', async () => {
    const carol = await addressedShopper(t, 'clocked');
    // Moved clock: one batch already due inside the 1-day window, one past its ship-by date.
    const soon = await givePrizes(t, carol, { A: 1 }, 0.5);
    const past = await givePrizes(t, carol, { B: 2 }, -0.01);
    await Promise.all([
      t.services.inventory.runClock(),
      t.services.inventory.runClock(),
      t.services.inventory.runClock(),
    ]);
    await until(async () => (await t.services.inventory.freeUnits(past.B!)) === 0);
    await pause(1500);
    const notes = await t.services.notifications.list(carol.user.id);
    expect(notes.filter((n) => n.message.startsWith('Reminder')).length).toBe(1);
    expect(notes.filter((n) => n.message.endsWith('was forfeited.')).length).toBe(1);
    const moves = await t.services.inventory.movementsOfUser(carol.user.id);
    expect(moves.map((m) => [m.kind, m.quantity])).toEqual([['forfeited', 2]]);
    expect(await t.services.inventory.freeUnits(soon.A!)).toBe(1);
  });
});

import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '@kujiya/shared';
import { callInstance, until, useInstances } from '../../test/instances.ts';
import { createTestProduct, scheduleOpening } from '../catalogue/test-helpers.ts';
import { testShopper } from '../token-shop/test-helpers.ts';
import { startLocalPushService, type LocalPushService } from './local-push-service.ts';

/**
 * Web Push with two real server processes on one PostgreSQL database (docs/rules/notifications.md,
 * "Push"): both run the drop-alerts and push-delivery jobs every 300 ms and trust the local push
 * service's certificate through NODE_EXTRA_CA_CERTS; every device still gets each push once.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('web push on two instances', () => {
  let service: LocalPushService;
  beforeAll(async () => {
    service = await startLocalPushService();
  });
  afterAll(async () => service?.close());
  const shop = useInstances(2, () => ({ NODE_EXTRA_CA_CERTS: service.certFile }));

  it('each device of each notify-me shopper gets the opening push once, signed with the one shared key', async () => {
    const { t, instances } = shop;
    const { publicKey } = (await callInstance(instances[0]!, null, 'GET', '/api/push/vapid-public-key')).json as {
      publicKey: string;
    };
    expect((await callInstance(instances[1]!, null, 'GET', '/api/push/vapid-public-key')).json).toEqual({ publicKey });
    const { setId } = await createTestProduct(t);
    await scheduleOpening(t, setId, new Date(Date.now() + 60 * MINUTE_MS));
    const shoppers = await Promise.all(Array.from({ length: 4 }, (_, i) => testShopper(t, `pushed${i}`)));
    const devices = shoppers.flatMap((s, i) => [
      { s, device: service.subscription(), via: instances[i % 2]! },
      { s, device: service.subscription(), via: instances[(i + 1) % 2]! },
    ]);
    for (const { s, device, via } of devices) {
      expect(
        (await callInstance(via, s.headers.authorization, 'POST', '/api/push/subscriptions', device.json)).json,
      ).toEqual({
        subscribed: true,
      });
    }
    for (const [i, s] of shoppers.entries()) {
      await callInstance(instances[i % 2]!, s.headers.authorization, 'POST', `/api/drops/${setId}/notify`);
    }
    // The opening moves to 10 minutes from now: both instances' jobs send the early reminder at once.
    await scheduleOpening(t, setId, new Date(Date.now() + 10 * MINUTE_MS));
    await until(() => service.received.length >= devices.length, 60_000);
    // A few more periods of both instances' jobs: nothing more may come.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    for (const { device } of devices) {
      expect(service.pushesTo(device.id)).toEqual([
        expect.objectContaining({ title: 'A set is opening', url: '/ichiban-kuji-products' }),
      ]);
    }
    expect(service.refused).toEqual([]);
  });
});

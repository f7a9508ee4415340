import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../core/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { INSTANCE_JWT_SECRET, callInstance, startInstance, stopInstance, until, type Instance } from '../../test/instances.ts';
import { testPackage, testShopper } from '../token-shop/testing.ts';
import type { TestGateway } from './test-gateway.ts';

/**
 * A crash between the charge and the credit (kill -9 of a real server process, PostgreSQL only):
 * the test gateway stored the event with the charge, so the restarted shop delivers it and the
 * tokens arrive, exactly once.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('payment notifications survive a crash', () => {
  let t: TestApp;
  const instances: Instance[] = [];
  beforeAll(async () => {
    t = await createTestApp({ clock: new TestClock(new Date()), env: { JWT_SECRET: INSTANCE_JWT_SECRET } });
  });
  afterAll(async () => {
    await Promise.all(instances.map((i) => stopInstance(i, 'SIGKILL')));
    await t?.close();
  });

  it('kill -9 after the card is charged, before the shop heard of it: credited after restart, once', async () => {
    const url = (t.database as { url?: string }).url!;
    const shopper = await testShopper(t, 'crashy');
    const pkg = await testPackage(t, { tokenAmount: 550, price: 5000 });
    const crashing = await startInstance(url, { TEST_GATEWAY_FAULT: 'crash-before-delivery' });
    instances.push(crashing);

    const intent = await callInstance(crashing, shopper.headers.authorization, 'POST', '/api/payment/token/create-intent', {
      packageId: pkg._id,
      username: 'crashy',
    });
    expect(intent.status).toBe(200);
    const paymentIntentId = intent.json!.paymentIntentId as string;
    // The confirmation kills the process right after the charge committed.
    const confirm = callInstance(crashing, null, 'POST', '/api/test-gateway/confirm', {
      clientSecret: intent.json!.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    }).catch((error: unknown) => error);
    await until(async () => crashing.process.signalCode === 'SIGKILL');
    expect(await confirm).toBeInstanceOf(Error);

    const gateway = t.services.payments.gateway as TestGateway;
    expect((await gateway.retrieve(paymentIntentId)).status).toBe('succeeded');
    expect((await t.services.payments.getIntent(paymentIntentId))!.status).toBe('requires_payment_method');
    expect(await t.services.wallet.balance(shopper.user.id)).toBe(0);

    const restarted = await startInstance(url);
    instances.push(restarted);
    await until(async () => (await t.services.wallet.balance(shopper.user.id)) > 0);
    expect((await t.services.payments.getIntent(paymentIntentId))!.status).toBe('succeeded');
    // A second instance and more job runs change nothing: exactly once.
    instances.push(await startInstance(url));
    await until(async () => (await gateway.undeliveredCount()) === 0);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await t.services.wallet.balance(shopper.user.id)).toBe(550);
    const credits = (await t.services.wallet.ledger(shopper.user.id)).filter((row) => row.delta > 0 && row.reference === paymentIntentId);
    expect(credits.map((row) => row.delta)).toEqual([550]);
  });
});

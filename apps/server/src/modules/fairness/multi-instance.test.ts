import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPublicFairnessVerdict,
  checkChain,
  checkReceipt,
  fairnessRoundSchema,
  type FairnessReceipt,
} from '@kujiya/shared';
import type { Principal } from '../../core/auth.ts';
import { TestClock } from '../../core/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  INSTANCE_JWT_SECRET as JWT_SECRET,
  callInstance,
  startInstance,
  stopInstance,
  type Instance,
} from '../../test/instances.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';
import type { NewProduct } from '@kujiya/shared';
import { insertTestShopper } from '../accounts/test-helpers.ts';

/**
 * The chained log across instances (docs/rules/fairness.md): two real server processes on one fresh
 * PostgreSQL database take hundreds of concurrent purchases of one round; the chain must come out as
 * one unbroken line with every receipt in it. PostgreSQL only (skipped without TEST_DATABASE_URL).
 */
// A quiet log: 300 purchases would otherwise fill the instances' log buffers for nothing.
const startQuietInstance = (databaseUrl: string) => startInstance(databaseUrl, { LOG_LEVEL: 'warn' });

type Shopper = { user: Principal; authorization: string };

const call = (instance: Instance, shopper: Shopper | null, method: 'GET' | 'POST', url: string, body?: unknown) =>
  callInstance(instance, shopper?.authorization, method, url, body);

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'the chained log with two server instances on one PostgreSQL database',
  () => {
    let t: TestApp;
    let a: Instance;
    let b: Instance;

    beforeAll(async () => {
      t = await createTestApp({ clock: new TestClock(new Date()), env: { JWT_SECRET } });
      const url = (t.database as { url?: string }).url;
      if (!url) throw new Error('the multi-instance tests need TEST_DB=postgres (project server-postgres)');
      [a, b] = await Promise.all([startQuietInstance(url), startQuietInstance(url)]);
    }, 180_000);
    afterAll(async () => {
      await Promise.all([stopInstance(a), stopInstance(b)]);
      await t?.close();
    });

    it('300 concurrent buyers on one round: one unbroken chain as long as the tickets drawn, every receipt in it', async () => {
      const image = await t.services.media.putImage(
        t.ctx.db,
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        'image/svg+xml',
      );
      const prizes: NewProduct['prizes'] = [
        { kind: 'letter', letter: 'A', description: 'Big figure', image, type: 'Big', quantity: 10 },
        { kind: 'letter', letter: 'B', description: 'Plush', image, type: 'Small', quantity: 150 },
        { kind: 'letter', letter: 'C', description: 'Keychain', image, type: 'Small', quantity: 340 },
        { kind: 'last', description: 'Last figure', image, type: 'Big' },
      ];
      const { setId } = await createTestProduct(t, { prizes, tokenPrice: 1 });
      const buyers: Shopper[] = [];
      for (let i = 0; i < 300; i++) {
        const user = await insertTestShopper(t, `chain${i}`);
        await t.ctx.db.transaction((tx) =>
          t.services.wallet.credit(tx, { userId: user.id, amount: 10, source: 'purchase', reference: 'test-funds' }),
        );
        buyers.push({ user, authorization: `Bearer ${(await t.ctx.tokens.sign(user)).token}` });
      }
      // 1, 2 or 3 tickets each: 600 wanted from a box of 500, so the round sells out and some are refused.
      const wants = buyers.map((_, i) => (i % 3) + 1);
      const results = await Promise.all(
        buyers.map((buyer, i) =>
          call(i % 2 ? a : b, buyer, 'POST', '/api/token/use', {
            username: buyer.user.username,
            setId,
            ticketsBought: wants[i],
            clientSeed: `chain-${i}`,
          }),
        ),
      );
      for (const res of results) expect([200, 400], JSON.stringify(res.json)).toContain(res.status);
      const paid = results.filter((r) => r.status === 200).map((r) => r.json?.orderId as string);
      expect(paid.length).toBeGreaterThan(200);

      const round = fairnessRoundSchema.parse((await call(a, null, 'GET', `/api/fairness/${setId}`)).json);
      const tickets = round.log.filter((e) => e.domain === 'ticket');
      expect(round.status).toBe('sold_out');
      expect(tickets).toHaveLength(500);
      expect(round.log).toHaveLength(500);
      // One unbroken chain from the rules hash to the head: no fork, no gap.
      expect(checkChain(round).check).toMatchObject({ ok: true });
      expect(new Set(round.log.map((e) => e.hash)).size).toBe(500);
      expect(round.headHash).toBe(round.log.at(-1)!.hash);
      const verdict = buildPublicFairnessVerdict(round);
      expect(verdict.firstMismatch).toBeUndefined();
      expect(verdict.ok).toBe(true);

      // Every paid order's receipt is in the chain, and together they cover it exactly once.
      const receipts: FairnessReceipt[] = [];
      for (const orderId of paid) {
        const receipt = await t.services.fairness.receiptForOrder(t.ctx.db, orderId);
        expect(receipt).not.toBeNull();
        expect(checkReceipt(round, receipt!).ok).toBe(true);
        receipts.push(receipt!);
      }
      expect(receipts.flatMap((r) => r.entries.map((e) => e.hash)).sort()).toEqual(
        round.log.map((e) => e.hash!).sort(),
      );
      // The other instance publishes the same chain.
      expect((await call(b, null, 'GET', `/api/fairness/${setId}`)).json?.headHash).toBe(round.headHash);
    }, 300_000);
  },
);

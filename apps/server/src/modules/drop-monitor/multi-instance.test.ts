import { afterAll, describe, expect, it } from 'vitest';
import type { LiveBoardMessage, LiveServerMessage } from '@kujiya/shared';
import { useInstances } from '../../test/instances.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';
import { fundedShopper } from '../orders/test-helpers.ts';
import { openTestSocket, type TestSocket } from '../live/test-helpers.ts';
import { createRefusalCounts } from './refusals.ts';

const isBoard = (setId: string, predicate: (b: LiveBoardMessage) => boolean) => (m: LiveServerMessage) =>
  m.type === 'board' && m.setId === setId && predicate(m);

/**
 * The live board and the refusal counts with two real server processes on one PostgreSQL database
 * and one Redis (docs/rules/drops.md): a sale on either instance moves the boards watched on both,
 * and refusal counts of several instances add up.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL)(
  'live board and refusals across two instances (PostgreSQL + Redis)',
  () => {
    const shop = useInstances(2);
    const sockets: TestSocket[] = [];
    afterAll(() => sockets.forEach((s) => s.ws.terminate()));

    async function buy(
      instance: 0 | 1,
      shopper: { headers: { authorization: string } },
      username: string,
      setId: string,
    ) {
      const res = await fetch(`${shop.instances[instance]!.url}/api/token/use`, {
        method: 'POST',
        headers: { ...shopper.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ username, setId, ticketsBought: 1 }),
      });
      return res.status;
    }

    it('a sale on B moves the board watched on A; concurrent sales on both end on the sold-out board on both', async () => {
      const { t, instances } = shop;
      const { setId } = await createTestProduct(t, { name: 'Cluster Board' });
      const onA = await openTestSocket(instances[0]!.url);
      const onB = await openTestSocket(instances[1]!.url);
      sockets.push(onA, onB);
      for (const socket of [onA, onB]) socket.ws.send(JSON.stringify({ type: 'watch', setIds: [setId] }));
      await onA.next(isBoard(setId, (b) => b.left === 10));
      await onB.next(isBoard(setId, (b) => b.left === 10));

      const first = await fundedShopper(t, 'boardb', 100);
      expect(await buy(1, first, 'boardb', setId)).toBe(200);
      const moved = (await onA.next(
        isBoard(setId, (b) => b.left === 9),
        30_000,
      )) as LiveBoardMessage;
      expect(moved.prizes.reduce((n, p) => n + p.remaining, 0)).toBe(10);

      const buyers = await Promise.all(Array.from({ length: 9 }, (_, i) => fundedShopper(t, `boardc${i}`, 100)));
      const statuses = await Promise.all(buyers.map((b, i) => buy(i % 2 === 0 ? 0 : 1, b, `boardc${i}`, setId)));
      expect(statuses.every((s) => s === 200)).toBe(true);
      for (const socket of [onA, onB]) {
        const last = (await socket.next(
          isBoard(setId, (b) => b.left === 0),
          30_000,
        )) as LiveBoardMessage;
        expect(last.prizes.every((p) => p.remaining === 0)).toBe(true);
      }
    });

    it('adds the refusal counts of several instances flushing at once, none lost', async () => {
      const { t } = shop;
      const { setId } = await createTestProduct(t, { name: 'Refused Set' });
      const counters = [createRefusalCounts(t.ctx), createRefusalCounts(t.ctx), createRefusalCounts(t.ctx)];
      for (let round = 0; round < 5; round++) {
        counters.forEach((counter, i) => {
          for (let n = 0; n <= i; n++) counter.record(setId, 'DROP_NOT_OPEN');
          counter.record(setId, 'LIMIT_PER_ORDER');
        });
        await Promise.all(counters.map((counter) => counter.flush()));
      }
      const monitor = await t.services.dropMonitor.dropMonitor(setId);
      expect(monitor.refusals).toEqual([
        { reason: 'DROP_NOT_OPEN', count: 5 * (1 + 2 + 3) },
        { reason: 'LIMIT_PER_ORDER', count: 5 * 3 },
      ]);
    });
  },
);

import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@kujiya/shared';
import { useInstances, type Instance } from '../../test/instances.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';
import { fundedShopper, type Shopper } from '../orders/test-helpers.ts';

/**
 * `Idempotency-Key` across two real server processes on one PostgreSQL database (docs/operations.md,
 * "Idempotent money calls"): one key is one purchase whichever instance each try reaches.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('idempotent purchases on two instances', () => {
  const shop = useInstances();

  async function buy(instance: Instance, shopper: Shopper, key: string, body: Record<string, unknown>) {
    const res = await fetch(`${instance.url}/api/token/use`, {
      method: 'POST',
      headers: { ...shopper.headers, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ username: shopper.user.username, ...body }),
    });
    return { status: res.status, text: await res.text(), replayed: res.headers.get('idempotent-replayed') };
  }
  const ordersOf = async (shopper: Shopper) =>
    (await shop.t.database.executeSql('select count(*)::int as n from orders where user_id = $1', [shopper.user.id]))
      .rows[0]!.n;

  it('replays on the other instance the answer the first gave', async () => {
    const { setId } = await createTestProduct(shop.t);
    const alice = await fundedShopper(shop.t, 'idemmulti1', 100);
    const [a, b] = shop.instances as [Instance, Instance];
    const first = await buy(a, alice, 'multi-seq', { setId, ticketsBought: 2 });
    expect(first.status).toBe(200);
    const again = await buy(b, alice, 'multi-seq', { setId, ticketsBought: 2 });
    expect(again).toEqual({ status: 200, text: first.text, replayed: 'true' });
    const other = await buy(b, alice, 'multi-seq', { setId, ticketsBought: 3 });
    expect(other.status).toBe(422);
    expect(JSON.parse(other.text).code).toBe(ErrorCode.IDEMPOTENCY_KEY_MISMATCH);
    expect(await ordersOf(alice)).toBe(1);
  });

  it('runs one purchase for one key sent at once to both instances, several times over', async () => {
    const { setId } = await createTestProduct(shop.t, {});
    const bob = await fundedShopper(shop.t, 'idemmulti2', 200);
    for (let round = 0; round < 3; round++) {
      const key = `multi-race-${round}`;
      const answers = await Promise.all(
        [0, 1, 2, 3].map((i) => buy(shop.instances[i % 2]!, bob, key, { setId, ticketsBought: 1 })),
      );
      const ok = answers.filter((a) => a.status === 200);
      expect(ok.length, JSON.stringify(answers)).toBeGreaterThan(0);
      for (const a of ok) expect(a.text).toBe(ok[0]!.text);
      for (const a of answers.filter((x) => x.status !== 200)) {
        expect(a.status).toBe(409);
        expect(JSON.parse(a.text).code).toBe(ErrorCode.IDEMPOTENCY_KEY_IN_USE);
      }
      expect(await ordersOf(bob)).toBe(round + 1);
    }
    expect(await shop.t.services.wallet.balance(shop.t.ctx.db, bob.user.id)).toBe(200 - 3 * 12);
  });
});

import { roomOrder, type LiveServerMessage } from '@kujiya/shared';
import { describe, expect, it } from 'vitest';
import { callInstance, until, useInstances } from '../../test/instances.ts';
import { insertTestShopper } from '../accounts/test-helpers.ts';
import { createTestProduct, scheduleOpening } from '../catalogue/test-helpers.ts';
import { openTestSocket } from '../live/test-helpers.ts';

/**
 * The waiting room on two real instances sharing one PostgreSQL (docs/rules/drops.md): concurrent joins
 * on both make one room, the opening orders it once (verifiably), both answer the same place, and a
 * shopper whose socket moves to the other instance keeps hearing their place.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the waiting room on two instances (PostgreSQL)', () => {
  const shop = useInstances(2);
  const ENTRANTS = 40;

  it('orders concurrent joins from both instances once, and keeps the place across a reconnect', async () => {
    const { t, instances } = shop;
    const [a, b] = instances as [NonNullable<(typeof instances)[0]>, NonNullable<(typeof instances)[0]>];
    const { setId } = await createTestProduct(t);
    const shoppers = await Promise.all(
      Array.from({ length: ENTRANTS }, async (_, i) => {
        const user = await insertTestShopper(t, `room-pg-${i}`);
        const { token } = await t.ctx.tokens.sign(user);
        return { user, token, auth: `Bearer ${token}` };
      }),
    );
    // Scheduled once the shoppers exist, so that on a loaded machine every join still comes before it.
    const opensAt = new Date(Date.now() + 12_000);
    await scheduleOpening(t, setId, opensAt);
    // One a second: the last entrants still wait long after the opening.
    await t.services.drops.setSettings(setId, { admissionsPerSecond: 1 });
    const joins = await Promise.all(
      shoppers.map((s, i) => callInstance(i % 2 ? b : a, s.auth, 'POST', `/api/drops/${setId}/join`)),
    );
    expect(joins.map((j) => j.status)).toEqual(Array(ENTRANTS).fill(200));
    expect(joins.every((j) => j.json?.joined === true && j.json.position === null)).toBe(true);
    expect(new Set(joins.map((j) => j.json?.entrantId)).size).toBe(ENTRANTS);

    // After the opening both instances answer every shopper's place, from the one order.
    await until(async () => {
      const res = await callInstance(b, shoppers[0]!.auth, 'GET', `/api/drops/${setId}/status`);
      return res.json?.queueNumber !== null;
    }, 60_000);
    const places = await Promise.all(
      shoppers.map(async (s, i) => {
        const [fromA, fromB] = await Promise.all([
          callInstance(a, s.auth, 'GET', `/api/drops/${setId}/status`),
          callInstance(b, s.auth, 'GET', `/api/drops/${setId}/status`),
        ]);
        expect(fromA.json?.queueNumber).toBe(fromB.json?.queueNumber);
        return { entrantId: joins[i]!.json!.entrantId as string, queueNumber: fromA.json!.queueNumber as number };
      }),
    );
    const { round } = await t.services.catalogue.getProductOfRound(t.ctx.db, setId);
    const expected = roomOrder(
      round.serverSeed,
      places.map((p) => p.entrantId),
    );
    expect([...places].sort((x, y) => x.queueNumber - y.queueNumber).map((p) => p.entrantId)).toEqual(expected);
    const record = await callInstance(a, null, 'GET', `/api/drops/${setId}/room`);
    expect(record.json?.orderedEntrantIds).toEqual(expected);

    // The last in line listens on A, then reconnects to B: B goes on telling the place, never worse.
    const lastIndex = places.findIndex((p) => p.queueNumber === ENTRANTS);
    const last = shoppers[lastIndex]!;
    const isDrop = (m: LiveServerMessage) => m.type === 'drop' && m.setId === setId;
    const onA = await openTestSocket(a.url, { token: last.token });
    const fromA = await onA.next(isDrop, 30_000);
    onA.ws.terminate();
    const onB = await openTestSocket(b.url, { token: last.token });
    const fromB = await onB.next(isDrop, 30_000);
    onB.ws.terminate();
    if (fromA.type !== 'drop' || fromB.type !== 'drop') throw new Error('not a drop message');
    expect(fromA.admitted).toBe(false);
    expect(fromA.position).toBeGreaterThan(0);
    expect(fromB.position).not.toBeNull();
    expect(fromB.position!).toBeLessThanOrEqual(fromA.position!);

    // Admission is the same state everywhere: the first in line may buy, the last may not yet.
    const first = shoppers[places.findIndex((p) => p.queueNumber === 1)]!;
    await expect(t.services.drops.admission.assertMayBuy(first.user.id, setId, new Date())).resolves.toBeUndefined();
    await expect(t.services.drops.admission.assertMayBuy(last.user.id, setId, new Date())).rejects.toMatchObject({
      code: 'DROP_NOT_ADMITTED',
    });
  }, 180_000);
});

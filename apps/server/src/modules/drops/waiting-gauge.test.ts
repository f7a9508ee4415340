import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { dropEntrants, dropRooms } from './tables.ts';

const MINUTE = 60_000;

/** `kujiya_drop_shoppers_waiting`'s value in this app's metrics. */
async function shoppersWaiting(t: TestApp): Promise<number | undefined> {
  const line = (await t.ctx.metrics.text()).body.split('\n').find((l) => l.startsWith('kujiya_drop_shoppers_waiting '));
  return line ? Number(line.split(' ')[1]) : undefined;
}

/**
 * The KujiyaDropStalled alert's gauge (docs/operations.md, "Alerts"): shoppers still in line in rooms
 * that the opening has ordered and that have not closed; admitted shoppers, rooms before their
 * opening and closed rooms do not count.
 */
describe('the drop line gauge', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(async () => t.close());

  const room = async (values: { orderedAt: Date | null; closedAt: Date | null }, admitAts: (Date | null)[]) => {
    const setId = randomUUID();
    await t.ctx.db.insert(dropRooms).values({ setId, createdAt: t.clock.now(), ...values });
    await t.ctx.db.insert(dropEntrants).values(
      admitAts.map((admitAt) => ({
        setId,
        userId: randomUUID(),
        entrantId: randomUUID(),
        joinedAt: t.clock.now(),
        admitAt,
      })),
    );
  };

  it('counts the shoppers not yet admitted in opened, open rooms only', async () => {
    expect(await shoppersWaiting(t)).toBe(0);
    const now = t.clock.now().getTime();
    const past = new Date(now - MINUTE);
    const future = (s: number) => new Date(now + s * 1000);
    // Opened: one admitted, three still waiting (a late arrival without a place yet counts too).
    await room({ orderedAt: past, closedAt: null }, [past, future(1), future(2), null]);
    // Before its opening (not ordered): its entrants wait for the opening, not for a stalled sale.
    await room({ orderedAt: null, closedAt: null }, [null, null]);
    // Closed: nobody waits any more.
    await room({ orderedAt: past, closedAt: past }, [future(5)]);
    expect(await shoppersWaiting(t)).toBe(3);
    // Time moves on: the two with an admission time are admitted, the late arrival still waits.
    t.clock.advance(3_000);
    expect(await shoppersWaiting(t)).toBe(1);
  });
});

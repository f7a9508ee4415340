import { describe, expect, it } from 'vitest';
import { ErrorCode, LIVE_CLOSE_SESSION_ENDED } from '@kujiya/shared';
import { callInstance, useInstances } from '../../test/instances.ts';
import { openTestSocket } from '../live/test-helpers.ts';
import { insertTestAdmin, insertTestShopper } from './test-helpers.ts';

/**
 * Shopper sessions across two real server processes on one PostgreSQL database (docs/rules/accounts.md,
 * "Sessions and devices"): the session check is in the database, so an ended session is refused at
 * once on every instance, and its live socket on the other instance is closed.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('shopper sessions on two instances', () => {
  const shop = useInstances();

  it('a session ended on one instance is refused at once on the other; its live socket there closes', async () => {
    const [a, b] = shop.instances as [(typeof shop.instances)[0], (typeof shop.instances)[0]];
    const shopper = await insertTestShopper(shop.t, 'roaming');
    const phone = (await shop.t.ctx.tokens.sign(shopper)).token;
    const laptop = (await shop.t.ctx.tokens.sign(shopper)).token;
    const auth = (token: string) => `Bearer ${token}`;

    for (const instance of [a, b]) {
      for (const token of [phone, laptop]) {
        expect((await callInstance(instance, auth(token), 'GET', '/api/users/me')).status).toBe(200);
      }
    }
    const socket = await openTestSocket(b.url, { token: phone });
    try {
      const listed = await callInstance(a, auth(laptop), 'GET', '/api/users/sessions');
      const sessions = (listed.json as { sessions: { id: string; current: boolean }[] }).sessions;
      expect(sessions).toHaveLength(2);
      const phoneSession = sessions.find((s) => !s.current)!;

      const ended = await callInstance(a, auth(laptop), 'DELETE', `/api/users/sessions/${phoneSession.id}`);
      expect(ended.status).toBe(200);
      // No wait: the very next call on the other instance is refused.
      const refused = await callInstance(b, auth(phone), 'GET', '/api/users/me');
      expect([refused.status, refused.json]).toEqual([403, { message: 'Please login first.', code: 'LOGIN_REQUIRED' }]);
      expect((await callInstance(b, auth(laptop), 'GET', '/api/users/me')).status).toBe(200);

      // "Log out everywhere else" on B: A refuses the laptop's sibling at once too.
      const tablet = (await shop.t.ctx.tokens.sign(shopper)).token;
      expect((await callInstance(a, auth(tablet), 'GET', '/api/users/me')).status).toBe(200);
      const others = await callInstance(b, auth(laptop), 'DELETE', '/api/users/sessions');
      expect(others.json).toMatchObject({ ended: 1 });
      expect((await callInstance(a, auth(tablet), 'GET', '/api/users/me')).status).toBe(403);

      // The phone's socket on B is closed by B's periodic session check.
      expect(await socket.closed).toBe(LIVE_CLOSE_SESSION_ENDED);
    } finally {
      socket.close();
    }
  }, 60_000);
});

/** One admin per e-mail address (docs/rules/shop-ops.md), held by the database across instances. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('admin invitations on two instances', () => {
  const shop = useInstances();

  it('two invitations with one address, one on each instance at once: one 201 and one 409, several times over', async () => {
    const [a, b] = shop.instances as [(typeof shop.instances)[0], (typeof shop.instances)[0]];
    const id = await insertTestAdmin(shop.t, { username: 'racingOwner', password: 'Owner123!', role: 'owner' });
    const { token } = await shop.t.ctx.tokens.sign({ id, username: 'racingOwner', role: 'admin', tokenVersion: 0 });
    for (let round = 0; round < 6; round++) {
      const email = `twice${round}@kujiya.test`;
      const answers = await Promise.all(
        [a, b].map((instance, i) =>
          callInstance(instance, `Bearer ${token}`, 'POST', '/api/admin/admins', {
            username: `twice${round}${'ab'[i]}`,
            email,
            role: 'staff',
          }),
        ),
      );
      expect(answers.map((r) => r.status).sort(), JSON.stringify(answers.map((r) => r.json))).toEqual([201, 409]);
      expect(answers.find((r) => r.status === 409)!.json).toMatchObject({ code: ErrorCode.ADMIN_EMAIL_TAKEN });
      const { rows } = await shop.t.database.executeSql('select count(*)::int as n from admins where email = $1', [
        email,
      ]);
      expect(rows[0]!.n).toBe(1);
    }
  }, 60_000);
});

import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from '@kujiya/shared';
import { callInstance, until, useInstances } from '../../test/instances.ts';
import { createTestProduct, scheduleOpening } from '../catalogue/test-helpers.ts';
import { testShopper } from '../token-shop/test-helpers.ts';

/**
 * "Notify me" reminders with two real server processes on one PostgreSQL database (docs/rules/drops.md,
 * "Notify me"): both run the `drop-alerts` job every 300 ms, and the setup app sweeps at the same
 * time too (three shoppers per transaction); every reminder is still sent once, in-app and by e-mail.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('notify-me reminders on two instances', () => {
  const shop = useInstances();

  it('eight shoppers get the 15-minute reminder and the opening notice once each, however many sweeps race', async () => {
    const { t, instances } = shop;
    const { setId, input } = await createTestProduct(t);
    await scheduleOpening(t, setId, new Date(Date.now() + 60 * MINUTE_MS));
    const shoppers = await Promise.all(Array.from({ length: 8 }, (_, i) => testShopper(t, `drop${i}`)));
    const emails = await Promise.all(
      shoppers.map(async (s) => (await t.services.accounts.getAccount(t.ctx.db, s.user.id))!.email),
    );
    const answers = await Promise.all(
      shoppers.map((s, i) =>
        callInstance(instances[i % 2]!, s.headers.authorization, 'POST', `/api/drops/${setId}/notify`),
      ),
    );
    expect(answers.map((a) => a.json)).toEqual(shoppers.map(() => ({ notify: true })));

    const noticesOf = async () =>
      Promise.all(shoppers.map(async (s) => (await t.services.notifications.list(s.user.id)).map((n) => n.message)));
    const mailsOf = async () =>
      Promise.all(emails.map(async (to) => (await t.services.mail.listQueue({ to })).map((m) => m.subject)));
    /** Both instances' jobs and four sweeps of the setup app at once, until every shopper has `count` notices. */
    async function raceUntil(count: number) {
      t.clock.set(new Date());
      await Promise.all(Array.from({ length: 4 }, () => t.services.dropAlerts.sendDueReminders({ batchSize: 3 })));
      await until(async () => (await noticesOf()).every((n) => n.length >= count), 60_000);
      // A few more periods of both instances' jobs: nothing more may come.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }

    // The opening moves to 10 minutes from now: the early reminder is due at once.
    await scheduleOpening(t, setId, new Date(Date.now() + 10 * MINUTE_MS));
    await raceUntil(1);
    const early = `${input.name} opens in 10 minutes`;
    for (const notices of await noticesOf()) expect(notices).toEqual([expect.stringMatching(new RegExp(`^${early}`))]);
    for (const mails of await mailsOf()) expect(mails).toEqual([early]);

    // Now it opens.
    await scheduleOpening(t, setId, new Date(Date.now() - 1_000));
    await raceUntil(2);
    for (const notices of await noticesOf()) {
      expect(notices).toHaveLength(2);
      expect(notices[0]).toBe(`${input.name} is open now. Good luck!`);
    }
    for (const mails of await mailsOf()) expect(mails).toEqual([early, `${input.name} is open now`]);
  });
});

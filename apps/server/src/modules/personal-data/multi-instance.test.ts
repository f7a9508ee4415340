import { describe, expect, it } from 'vitest';
import { DAY_MS, pseudonymOf } from '@kujiya/shared';
import { until, useInstances } from '../../test/instances.ts';
import { signUp } from '../accounts/test-helpers.ts';
import { givePrizes } from '../fulfilment/test-helpers.ts';

/**
 * The `account-deletion` job with two real server processes on one PostgreSQL database
 * (docs/rules/personal-data.md): both run it every 300 ms and the setup app runs it at the same time
 * too; each due request is carried out once.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('account deletion on two instances', () => {
  const shop = useInstances();

  it('anonymises each due account once, however many runs race', async () => {
    const { t } = shop;
    // Requests made 8 days ago: past their cooling-off now.
    t.clock.set(new Date(Date.now() - 8 * DAY_MS));
    const shoppers: { id: string; deletionId: string }[] = [];
    for (const i of [1, 2, 3]) {
      const session = await signUp(t, { username: `leaving${i}`, email: `leaving${i}@example.com` });
      const account = (await t.services.accounts.findAccount(session.email))!;
      const shopper = {
        user: { id: account.id, username: account.username, role: 'user' as const },
        headers: { authorization: '' },
      };
      await givePrizes(t, shopper, { A: 2, B: 1 });
      const deletion = await t.services.personalData.requestDeletion(account.id, session.password);
      shoppers.push({ id: account.id, deletionId: deletion.id });
    }
    t.clock.set(new Date());
    const runs = await Promise.all(Array.from({ length: 4 }, () => t.services.personalData.runDueDeletions()));
    await until(async () => {
      const accounts = await t.services.accounts.getAccounts(
        t.ctx.db,
        shoppers.map((s) => s.id),
      );
      return shoppers.every((s) => accounts.get(s.id)?.username === pseudonymOf(s.deletionId));
    }, 60_000);
    // A few more periods of both instances' jobs: nothing more happens.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(runs.reduce((n, r) => n + r.deleted, 0)).toBeLessThanOrEqual(3);
    for (const s of shoppers) {
      const forfeits = (await t.services.inventory.movementsOfUser(s.id)).filter((m) => m.kind === 'forfeited');
      expect(forfeits.map((m) => m.quantity).sort()).toEqual([1, 2]);
    }
    expect(await t.services.personalData.pendingDeletions()).toEqual({ deletions: [] });
    expect(await t.services.personalData.runDueDeletions()).toEqual({ deleted: 0, waiting: 0 });
  });
});

import { expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MINUTE_MS, notificationListSchema } from '@kujiya/shared';
import { useShop } from './support/shop.ts';
import { AxeAudit } from './support/axe.ts';
import { demoShopper, dialog, listProducts, ticketsLeftOf, viewportShot } from './support/draw.ts';
import { scheduleOpening } from '../apps/server/src/modules/catalogue/test-helpers.ts';
import type { RunningServer } from '../apps/server/src/server.ts';

// "Notify me" of a set that has not opened (docs/rules/drops.md, "Notify me"), on a phone.
let server: RunningServer;
let browser: Browser;

useShop((shop) => ({ server, browser } = shop));
const audit = new AxeAudit();

it('Notify me on a set opening in 30 minutes: on from the card, shown in the play popup, then the 15-minute reminder and the opening notice under the bell', async () => {
  const { context, page, token } = await demoShopper(browser, server.url);
  const set = (await listProducts(page)).find((p) => ticketsLeftOf(p) > 0 && !p.promotion && !p.lottery.enabled)!;
  await scheduleOpening(server, set.setId, new Date(Date.now() + 30 * MINUTE_MS));

  await page.goto('/ichiban-kuji-products');
  await page.getByRole('tab', { name: 'All' }).click();
  const card = page.locator(`.product-card[data-product-id="${set.productId}"]`).first();
  await card.scrollIntoViewIfNeeded();
  const toggle = card.getByRole('button', { name: 'Notify me' });
  await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
  // Sets already open offer none.
  expect(await page.getByRole('button', { name: 'Notify me' }).count()).toBe(1);
  await audit.check(page, 'list, Notify me off');
  await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
  await card.getByText('We will remind you 15 min before and at the opening.').waitFor();
  await viewportShot(page, 'drop-notify-card');
  await audit.check(page, 'list, Notify me on');

  await card.getByRole('button', { name: 'Play' }).click();
  const play = dialog(page, set.name);
  await play.waitFor();
  const popupToggle = play.getByRole('button', { name: 'Notify me' });
  await popupToggle.scrollIntoViewIfNeeded();
  expect(await popupToggle.getAttribute('aria-pressed')).toBe('true');
  await viewportShot(page, 'drop-notify-play-popup');
  await audit.check(page, 'play popup, Notify me on');
  await page.keyboard.press('Escape');

  // The job's sweep (test servers run no schedule): 30 minutes ahead nothing; 10 minutes ahead the reminder.
  const notices = async () =>
    notificationListSchema
      .parse(
        await (await page.request.get('/api/notification', { headers: { authorization: `Bearer ${token}` } })).json(),
      )
      .map((n) => n.message);
  const before = await notices();
  await server.services.dropAlerts.sendDueReminders();
  expect(await notices()).toEqual(before);
  await scheduleOpening(server, set.setId, new Date(Date.now() + 10 * MINUTE_MS));
  await server.services.dropAlerts.sendDueReminders();
  await scheduleOpening(server, set.setId, new Date(Date.now() - 1_000));
  await server.services.dropAlerts.sendDueReminders();
  await server.services.dropAlerts.sendDueReminders();

  await page.reload();
  await page.getByTestId('notification-bell').click();
  const list = page.getByRole('region', { name: 'Notifications' });
  await list.getByText(`${set.name} is open now. Good luck!`).waitFor();
  await list.getByText(`${set.name} opens in 10 minutes`, { exact: false }).waitFor();
  expect((await notices()).filter((m) => m.startsWith(set.name))).toHaveLength(2);
  await viewportShot(page, 'drop-notify-bell');
  // Open now: the card offers it no more.
  await page.keyboard.press('Escape');
  expect(await page.getByRole('button', { name: 'Notify me' }).count()).toBe(0);
  expect(audit.problems()).toEqual([]);
  await context.close();
});

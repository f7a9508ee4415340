import { expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { useShop } from './support/shop.ts';
import { AxeAudit } from './support/axe.ts';
import { screenshot } from './support/browser.ts';
import { demoShopper } from './support/draw.ts';
import type { RunningServer } from '../apps/server/src/server.ts';

// The notification settings on a phone (docs/rules/notifications.md, "Push"): reached from the
// profile and the bell, nothing asked on the way, the toggles explained until the device subscribes.
let server: RunningServer;
let browser: Browser;

useShop((shop) => ({ server, browser } = shop));
const audit = new AxeAudit();

it('opens the settings from the profile and the bell without asking for permission; toggles wait for the opt-in', async () => {
  const { page } = await demoShopper(browser, server.url);
  let asked = 0;
  await page.exposeFunction('__permissionAsked', () => (asked += 1));
  await page.addInitScript(() => {
    const original = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (...args) => {
      void (window as unknown as { __permissionAsked: () => void }).__permissionAsked();
      return original(...args);
    };
  });

  await page.goto('/user-profile');
  await page.getByRole('link', { name: /Notifications/ }).click();
  await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/profile/notifications');
  const tradeToggle = page.getByRole('switch', { name: 'Trade offers: received, accepted or rejected' });
  await tradeToggle.waitFor();
  expect(await tradeToggle.isDisabled()).toBe(true);
  await page.getByRole('button', { name: 'Turn on notifications' }).waitFor();
  await audit.check(page, 'notification settings');
  await screenshot(page, 'notification-settings');

  await page.goto('/');
  await page.getByTestId('notification-bell').click();
  await page.getByRole('link', { name: 'Turn on notifications' }).waitFor();
  await screenshot(page, 'bell-turn-on');
  await page.getByRole('link', { name: 'Turn on notifications' }).click();
  await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
  expect(asked).toBe(0);
  expect(audit.problems()).toEqual([]);
});

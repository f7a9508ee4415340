import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { useShop } from './support/shop.ts';
import { AxeAudit } from './support/axe.ts';
import { demoShopper } from './support/draw.ts';
import type { RunningServer } from '../apps/server/src/server.ts';

// The notification settings on a phone (docs/rules/notifications.md, "Push"): reached from the
// profile and the bell, nothing asked on the way, the toggles explained until the device subscribes.
let server: RunningServer;
let browser: Browser;

useShop((shop) => ({ server, browser } = shop));
const audit = new AxeAudit();

/** Screenshots for review go to SHOTS_DIR when it is set (git-ignored screenshots/ otherwise). */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, '../screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

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
  await shot(page, 'notification-settings');

  await page.goto('/');
  await page.getByTestId('notification-bell').click();
  await page.getByRole('link', { name: 'Turn on notifications' }).waitFor();
  await shot(page, 'bell-turn-on');
  await page.getByRole('link', { name: 'Turn on notifications' }).click();
  await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
  expect(asked).toBe(0);
  expect(audit.problems()).toEqual([]);
});

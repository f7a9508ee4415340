import { expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { useShop } from './support/shop.ts';
import { AxeAudit } from './support/axe.ts';
import { screenshot } from './support/browser.ts';
import { demoShopper, dialog } from './support/draw.ts';
import { DEMO_SHOPPER } from './support/shopper.ts';
import type { RunningServer } from '../apps/server/src/server.ts';

// The devices page (docs/rules/accounts.md, "Sessions and devices"), on a phone.
let server: RunningServer;
let browser: Browser;

useShop((shop) => ({ server, browser } = shop));
const audit = new AxeAudit();
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

it('lists this phone and another device, logs the other one out after confirming; its token stops at once', async () => {
  const { context, page, token } = await demoShopper(browser, server.url);
  const other = await page.request.post('/api/users/login', {
    data: DEMO_SHOPPER,
    headers: { 'user-agent': ANDROID_CHROME, 'x-device-id': 'e2e-android-0000-0000-0001' },
  });
  expect(other.status()).toBe(200);
  const otherToken = ((await other.json()) as { token: string }).token;

  await page.goto('/user-profile');
  await page.getByRole('link', { name: 'Devices' }).click();
  await page.getByRole('heading', { name: 'Devices', level: 1 }).waitFor();
  const android = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Chrome on Android' }) });
  await android.first().waitFor();
  await expect.poll(() => page.getByText('This device').count()).toBe(1);
  await screenshot(page, 'devices-list');
  await audit.check(page, 'devices page');

  await android
    .first()
    .getByRole('button', { name: /^Log out Chrome on Android, signed in/ })
    .click();
  const confirm = dialog(page, 'Log out Chrome on Android?');
  await confirm.waitFor();
  await screenshot(page, 'devices-confirm');
  await audit.check(page, 'devices confirm dialog');
  await confirm.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('status').filter({ hasText: 'Chrome on Android was logged out.' }).waitFor();
  await expect.poll(() => android.count()).toBe(0);
  await screenshot(page, 'devices-after-logout');

  const refused = await page.request.get('/api/users/me', { headers: { authorization: `Bearer ${otherToken}` } });
  expect(refused.status()).toBe(403);
  const still = await page.request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } });
  expect(still.status()).toBe(200);
  expect(audit.problems()).toEqual([]);
  await context.close();
});

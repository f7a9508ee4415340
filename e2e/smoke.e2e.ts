import { expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { useShop } from './support/shop.ts';
import { newPhoneContext } from './support/browser.ts';
import type { RunningServer } from '../apps/server/src/server.ts';

let server: RunningServer;
let browser: Browser;
useShop((shop) => ({ server, browser } = shop));

it('serves the web app and falls back to it for client routes', async () => {
  const context = await newPhoneContext(browser, server.url);
  const page = await context.newPage();
  const response = await page.goto('/some/unknown/route');
  expect(response?.status()).toBe(200);
  await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
  // The error page is for real faults only.
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' }).count()).resolves.toBe(0);
  // An unknown back-office address still meets the admin guard first.
  await page.goto('/admin/no-such-page');
  await page.waitForURL((url) => url.pathname === '/admin/login');
  const api = await page.request.get('/api/unknown');
  expect(api.status()).toBe(404);
  await context.close();
});

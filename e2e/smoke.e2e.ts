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
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' }).isVisible()).resolves.toBe(true);
  const api = await page.request.get('/api/unknown');
  expect(api.status()).toBe(404);
  await context.close();
});

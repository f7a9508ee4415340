import { expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { useShop } from './support/shop.ts';
import { newPhoneContext, watchErrors } from './support/browser.ts';
import type { RunningServer } from '../apps/server/src/server.ts';

let server: RunningServer;
let browser: Browser;
useShop((shop) => ({ server, browser } = shop));

/**
 * docs/rules/offline.md: the service worker registers from whichever page the shopper opens first.
 * The prerendered pages start the app's entry after the first paint, often after the document's
 * `load` has fired, so a registration that waited for `load` never happened there.
 */
it.each(['/ichiban-kuji-products', '/login', '/inventory', '/faq', '/'])(
  'registers the service worker when %s is the first page opened',
  async (path) => {
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(path);
    // Polled with a generous bound (a loaded machine); the registration is asked for, not waited on.
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration('/');
            return registration ? new URL(registration.scope).pathname : null;
          }),
        { timeout: 30_000, interval: 250 },
      )
      .toBe('/');
    await page.evaluate(() => navigator.serviceWorker.ready);
    expect(errors).toEqual([]);
    await context.close();
  },
);

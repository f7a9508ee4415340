import { expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { useShop } from './support/shop.ts';
import { newPhoneContext, PHONE } from './support/browser.ts';
import type { RunningServer } from '../apps/server/src/server.ts';

let server: RunningServer;
let browser: Browser;
useShop((shop) => ({ server, browser } = shop));

/** One request of the page load as Chromium's network log saw it (seconds, Chromium's clock). */
interface Timed {
  url: string;
  sent: number;
  finished?: number;
}

/**
 * docs/performance.md: the listing's route loader (in the router, not in the page's lazy chunk)
 * starts GET /api/ichiban-kuji-products while the page's chunk is still loading. Without it, the
 * request would only leave once the chunk had arrived, run and rendered: after the chunk finished.
 * The network is slowed (150 ms a round trip) so a chunk never arrives within the same instant.
 */
it('requests the listing before the list page chunk has finished loading, and paints the first card first', async () => {
  const context = await newPhoneContext(browser, server.url);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 100_000 });
  const requests = new Map<string, Timed>();
  cdp.on('Network.requestWillBeSent', (event) => requests.set(event.requestId, { url: new URL(event.request.url).pathname, sent: event.timestamp }));
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.finished = event.timestamp;
  });

  await page.goto('/ichiban-kuji-products');
  const cards = page.locator('.product-card');
  await cards.first().waitFor();

  const loaded = [...requests.values()];
  const listing = loaded.find((request) => request.url === '/api/ichiban-kuji-products');
  const pageChunk = loaded.find((request) => /^\/assets\/ProductListRoute-[\w-]+\.js$/.test(request.url));
  expect(listing, 'the listing was requested').toBeDefined();
  expect(pageChunk?.finished, 'the page chunk was loaded').toBeDefined();
  // Exactly one listing request: the fetcher took the loader's answer instead of asking again.
  expect(loaded.filter((request) => request.url === '/api/ichiban-kuji-products')).toHaveLength(1);
  expect(listing!.sent).toBeLessThan(pageChunk!.finished!);

  // The first card's artwork is the page's largest paint: eager and first; later cards wait (lazy).
  const firstImage = cards.first().locator('img');
  await expect(firstImage.getAttribute('fetchpriority')).resolves.toBe('high');
  await expect(firstImage.getAttribute('loading')).resolves.toBe('eager');
  const lastImage = cards.last().locator('img');
  await expect(lastImage.getAttribute('loading')).resolves.toBe('lazy');
  await expect(lastImage.getAttribute('decoding')).resolves.toBe('async');
  await expect(lastImage.getAttribute('fetchpriority')).resolves.toBe('auto');
  // Sized, so nothing moves when an image arrives.
  await expect(firstImage.getAttribute('width')).resolves.toBe('480');
  await expect(firstImage.getAttribute('height')).resolves.toBe('480');
  await context.close();
});

it('shifts nothing while / and the list load (CLS 0 on a phone)', async () => {
  for (const path of ['/', '/ichiban-kuji-products']) {
    const context = await newPhoneContext(browser, server.url, PHONE);
    const page = await context.newPage();
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    if (path !== '/') await page.locator('.product-card img').first().waitFor();
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
    expect(shifts, `layout shifts on ${path}`).toEqual([]);
    await context.close();
  }
});

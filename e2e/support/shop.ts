import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestServer } from './server.ts';
import { launchBrowser } from './browser.ts';
import type { RunningServer } from '../../apps/server/src/server.ts';

export interface Shop {
  server: RunningServer;
  browser: Browser;
}

/**
 * Gives the test file its own shop: a fresh server with the demo data and a Chromium, started before
 * the file's tests and closed after them. `onReady` receives both (assign them to the file's variables).
 */
export function useShop(onReady: (shop: Shop) => void, env: Record<string, string> = {}): void {
  let shop: Partial<Shop> = {};
  beforeAll(async () => {
    shop.server = await startTestServer(env);
    shop.browser = await launchBrowser();
    onReady(shop as Shop);
  });
  afterAll(async () => {
    await shop.browser?.close();
    await shop.server?.close();
    shop = {};
  });
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { loadConfig } from '../apps/server/src/config.ts';
import { startServer, type RunningServer } from '../apps/server/src/server.ts';
import { openTestDatabase } from '../apps/server/src/test/test-database.ts';
import { launchPersistentPhone, SCREENSHOT_DIR, screenshot, watchErrors } from './support/browser.ts';

/**
 * The installed app (docs/rules/offline.md) in Chromium: the manifest and the service worker, the
 * installability check, offline page loads, a push shown and tapped, and the new-version prompt.
 * The server serves a copy of the build, so the last test can publish a "new" service worker.
 */
const builtWeb = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-pwa-'));
fs.cpSync(builtWeb, webDist, { recursive: true });
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-pwa-profile-'));

let server: RunningServer;
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-012345',
    LOG_LEVEL: 'silent',
  });
  server = await startServer({ config, database: await openTestDatabase(), logger: false, webDist });
  context = await launchPersistentPhone(profile, server.url);
  page = context.pages()[0] ?? (await context.newPage());
  errors = watchErrors(page);
});

afterAll(async () => {
  await context?.close();
  await server?.close();
  for (const dir of [webDist, profile]) fs.rmSync(dir, { recursive: true, force: true });
});

/** The page's service worker state: which script controls it and what its registration holds. */
const workerState = () =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return {
      scope: registration.scope,
      active: registration.active?.scriptURL ?? null,
      controller: navigator.serviceWorker.controller?.scriptURL ?? null,
    };
  });

it('links a valid manifest, registers /sw.js for the whole site, and passes the installability check', async () => {
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
  expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toBe('/icons/apple-touch-icon.png');

  const answer = await page.request.get('/manifest.webmanifest');
  expect(answer.headers()['content-type']).toContain('application/manifest+json');
  expect(answer.headers()['cache-control']).toBe('no-cache');
  const manifest = (await answer.json()) as Record<string, unknown> & { icons: Record<string, string>[] };
  expect(manifest).toMatchObject({
    name: 'Kujiya',
    short_name: 'Kujiya',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#e8344e',
    background_color: '#fff8f2',
  });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const png = await page.request.get(icon.src!);
    expect(png.headers()['content-type'], icon.src).toBe('image/png');
  }
  const sw = await page.request.get('/sw.js');
  expect(sw.headers()['content-type']).toMatch(/javascript/);
  expect(sw.headers()['cache-control']).toBe('no-cache');

  // Registered after `load`, and it takes the page on its first install (no second load needed).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  expect(await workerState()).toEqual({
    scope: `${server.url}/`,
    active: `${server.url}/sw.js`,
    controller: `${server.url}/sw.js`,
  });

  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
  await cdp.detach();
  expect(errors).toEqual([]);
});

it('offline: a page opened before starts from the cached shell, another shows the offline page, the API fails', async () => {
  await page.goto('/faq');
  await page.getByRole('heading', { level: 1, name: 'FAQ' }).waitFor();
  // Asked once online, so a cache that kept API answers would have this one.
  expect(await page.evaluate(() => fetch('/api/ichiban-kuji-products').then((r) => r.status))).toBe(200);

  await context.setOffline(true);
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'FAQ' }).waitFor();
  const api = await page.evaluate(() =>
    fetch('/api/ichiban-kuji-products').then(
      (r) => `answered ${r.status}`,
      () => 'failed',
    ),
  );
  expect(api).toBe('failed');

  await page.goto('/about-us');
  await page.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor();
  await screenshot(page, 'pwa-offline-page');

  await context.setOffline(false);
  await page.getByRole('link', { name: 'Retry' }).click();
  await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/about-us');
});

/** The id CDP knows the shop's service worker registration by. */
async function registrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${server.url}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

it('shows a pushed message as a notification whose tap opens its screen', async () => {
  await context.grantPermissions(['notifications'], { origin: server.url });
  await page.goto('/');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const cdp = await context.newCDPSession(page);
  const payload = {
    title: 'Your pre-order arrived',
    body: 'Naruto Kuji prizes are in your inventory.',
    url: '/faq',
    tag: 'preorder:1',
  };
  const registration = await registrationId(cdp);
  const deliverPush = () =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin: server.url,
      registrationId: registration,
      data: JSON.stringify(payload),
    });

  const shownNotifications = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        data: n.data as unknown,
        icon: n.icon,
      })),
    );
  // Once in CI (2026-12-03, two browser files at once) no notification came within 10 s of the
  // delivery, cause not found; delivering again is harmless, since the same tag replaces the first.
  for (let attempt = 1; ; attempt++) {
    await deliverPush();
    try {
      await expect.poll(shownNotifications, { timeout: 10_000 }).toHaveLength(1);
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  expect(await shownNotifications()).toEqual([
    {
      title: payload.title,
      body: payload.body,
      tag: payload.tag,
      data: { url: '/faq' },
      icon: `${server.url}/icons/icon-192.png`,
    },
  ]);

  // Chromium has no way to click a notification from a test (no CDP command does), so the worker
  // receives the click event it would get, built from the notification it is showing.
  const [worker] = context.serviceWorkers();
  expect(worker).toBeDefined();
  await worker!.evaluate(async () => {
    // The worker's own types (this file is typed for pages): its registration and NotificationEvent.
    const scope = self as unknown as EventTarget & { registration: ServiceWorkerRegistration };
    const { NotificationEvent } = globalThis as unknown as {
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: notification! }));
  });
  await page.waitForURL((url) => url.pathname === '/faq');
  await page.getByRole('heading', { level: 1, name: 'FAQ' }).waitFor();
  expect(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length)).toBe(
    0,
  );
  await cdp.detach();
});

it('offers "A new version is available — Reload" once a new service worker waits, and reloads into it', async () => {
  await page.goto('/');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // A deploy: the served worker changes (its bytes, as a new build's precache list would).
  fs.appendFileSync(path.join(webDist, 'sw.js'), '\n// a new build\n');
  await page.evaluate(async () => (await navigator.serviceWorker.ready).update());

  const prompt = page.getByRole('status').filter({ hasText: 'A new version is available — Reload' });
  await prompt.waitFor();
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null)).toBe(
    true,
  );
  // The screen as the shopper sees it (the prompt is fixed to the bottom of the viewport).
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'pwa-update-prompt.png') });

  await page.evaluate(() => ((window as { beforeUpdate?: boolean }).beforeUpdate = true));
  await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
  expect(await page.evaluate(() => (window as { beforeUpdate?: boolean }).beforeUpdate ?? false)).toBe(false);
  expect(
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null),
  ).toBeNull();
  await expect(prompt.count()).resolves.toBe(0);
});

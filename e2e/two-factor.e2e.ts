import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { totpCode } from '../apps/server/src/modules/two-factor/test-helpers.ts';
import { freePort } from '../apps/server/src/test/free-port.ts';
import { DEMO_OWNER, DESK } from './support/admin.ts';
import { useShop } from './support/shop.ts';
import { newPhoneContext, screenshot, watchErrors } from './support/browser.ts';
import type { RunningServer } from '../apps/server/src/server.ts';

// Two-factor sign-in of the back office (docs/rules/two-factor.md) under ADMIN_TWO_FACTOR=required:
// the demo owner, who has no factor, is taken to the enrolment; then logs in with a code and with a
// passkey (Chromium's virtual authenticator). The passkey's relying party is PUBLIC_URL, so the
// server listens on a port chosen here and the browser uses that same address.
const port = await freePort();
const origin = `http://localhost:${port}`;

let server: RunningServer;
let browser: Browser;
let desk: BrowserContext;
let page: Page;
let errors: string[];
let secret = '';

useShop((shop) => ({ server, browser } = shop), {
  PORT: String(port),
  PUBLIC_URL: origin,
  ADMIN_TWO_FACTOR: 'required',
  DEMO_DATA: '1',
});
beforeAll(async () => {
  expect(server.url).toBe(origin);
  desk = await newPhoneContext(browser, origin, DESK);
  page = await desk.newPage();
  errors = watchErrors(page);
});
afterAll(async () => {
  await desk?.close();
});

async function bothSizes(name: string) {
  await page.setViewportSize(DESK);
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-390`);
  await page.setViewportSize(DESK);
}

async function passwordStep() {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(DEMO_OWNER.username);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_OWNER.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function logOut() {
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL('**/admin/login');
}

/** A code of a time step no code was used in yet: waits for the next 30 s step. */
async function freshCode(): Promise<string> {
  const seconds = Date.now() / 1000;
  await new Promise((resolve) => setTimeout(resolve, (30 - (seconds % 30) + 0.5) * 1000));
  return currentCode();
}

/** The authenticator app's code now (the server runs on the real clock here). */
const currentCode = () => totpCode({ clock: { now: () => new Date() } }, secret);

it('takes an owner without a factor to the enrolment, and nowhere else, until the app is on', async () => {
  await passwordStep();
  await page.waitForURL('**/admin/two-factor');
  await page.getByText('The shop requires owners to use two-factor sign-in.').waitFor();
  // Any other back-office address comes back here.
  await page.goto('/admin/products');
  await page.waitForURL('**/admin/two-factor');
  await bothSizes('two-factor-enrolment');

  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  const key = page.getByLabel('Secret key');
  await key.waitFor();
  secret = ((await key.textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect
    .poll(() =>
      page
        .getByRole('img', { name: 'QR code of the two-factor secret' })
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  await bothSizes('two-factor-setup-qr');

  await page.getByLabel('Code from the app').fill('000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByRole('alert').filter({ hasText: 'Invalid two-factor code.' }).waitFor();
  expect(page.url()).toContain('/admin/two-factor'); // a wrong code is no logout
  await page.getByLabel('Code from the app').fill(await currentCode());
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect.poll(() => codes.count()).toBe(10);
  await bothSizes('two-factor-recovery-codes');
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await page.waitForURL('**/admin/menu');
  await page.goto('/admin/products');
  await page.getByRole('heading', { name: 'Products' }).first().waitFor();
  expect(page.url()).toContain('/admin/products');
});

it('asks for the code after the password, and signs in with it', async () => {
  await logOut();
  await passwordStep();
  await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
  await bothSizes('two-factor-login-code');
  await page.getByLabel('Authentication code').fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('alert').filter({ hasText: 'Invalid two-factor code.' }).waitFor();
  await page.getByLabel('Authentication code').fill(await freshCode());
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/admin/menu');
}, 60_000);

it('registers a passkey (Chromium virtual authenticator) and signs in with it instead of a code', async () => {
  const cdp = await desk.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await page.goto('/admin/two-factor');
  await page.getByLabel('Name (optional)').fill('Desk laptop');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByRole('list', { name: 'Your passkeys' }).getByText('Desk laptop').waitFor();
  await bothSizes('two-factor-passkeys');

  await logOut();
  await passwordStep();
  await page.getByRole('button', { name: 'Use a passkey instead' }).click();
  await page.waitForURL('**/admin/menu');
  expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
});

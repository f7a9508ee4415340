import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { useShop } from './support/shop.ts';
import { logInContext } from './support/shopper.ts';
import { newPhoneContext, screenshot } from './support/browser.ts';
import { insertTestShopper } from '../apps/server/src/modules/accounts/test-helpers.ts';
import type { RunningServer } from '../apps/server/src/server.ts';

// Running the shop from the back office (docs/rules/shop-ops.md): the owner at a desk (1280x800) and
// on a phone (390x844); shoppers on phones.
let server: RunningServer;
let browser: Browser;
let owner: BrowserContext;
let ownerPage: Page;

const DESK = { width: 1280, height: 800 };
const OWNER = { username: 'admin', password: 'Admin123!' };

useShop((shop) => ({ server, browser } = shop));
beforeAll(async () => {
  owner = await newPhoneContext(browser, server.url, DESK);
  ownerPage = await owner.newPage();
  await adminLogin(ownerPage, OWNER.username, OWNER.password);
});
afterAll(async () => {
  await owner?.close();
});

async function adminLogin(page: Page, username: string, password: string) {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/admin/menu');
}

/** The same page at the desk and on a phone, both kept. */
async function bothSizes(page: Page, name: string) {
  await page.setViewportSize(DESK);
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-390`);
  await page.setViewportSize(DESK);
}

const navLabels = (page: Page) =>
  page.getByRole('navigation', { name: 'Back office sections' }).getByRole('link').allTextContents();

it('the owner creates a package and a promo code; a shopper buys that package with that code and gets the bonus', async () => {
  await ownerPage.goto('/admin/token-packages');
  await ownerPage.getByRole('button', { name: 'New package' }).click();
  await ownerPage.getByLabel('Name').fill('Festival Pack');
  await ownerPage.getByLabel('Tokens').fill('300');
  await ownerPage.getByLabel('Price (S$)').fill('20');
  await ownerPage.getByLabel('Original price (S$, optional)').fill('25');
  await ownerPage.getByLabel('Promo banner (optional)').fill('Festival deal');
  await bothSizes(ownerPage, 'shop-ops-package-form');
  await ownerPage.getByRole('button', { name: 'Save package' }).click();
  const row = ownerPage.getByRole('row').filter({ hasText: 'Festival Pack' });
  await row.waitFor();
  expect(await row.textContent()).toContain('20% off');
  await bothSizes(ownerPage, 'shop-ops-packages');
  await row.getByRole('button', { name: 'Edit' }).click();
  await ownerPage.getByText('token_package.create by admin').waitFor();
  await bothSizes(ownerPage, 'shop-ops-package-history');
  await ownerPage.getByRole('button', { name: 'Cancel' }).click();

  await ownerPage.goto('/admin/promo-codes');
  await ownerPage.getByRole('button', { name: 'New promo code' }).click();
  await ownerPage.getByLabel('Code', { exact: true }).fill('fest25');
  await ownerPage.getByLabel('Extra tokens (%)').fill('25');
  await ownerPage.getByLabel('Total use limit (optional)').fill('100');
  await bothSizes(ownerPage, 'shop-ops-promo-form');
  await ownerPage.getByRole('button', { name: 'Save code' }).click();
  await ownerPage.getByRole('row').filter({ hasText: 'FEST25' }).waitFor();
  await bothSizes(ownerPage, 'shop-ops-promos');

  const shopper = await newPhoneContext(browser, server.url);
  const { token } = await logInContext(shopper);
  const page = await shopper.newPage();
  const balance = async () =>
    (
      (await (
        await page.request.get('/api/token/balance', { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { totalTokens: number }
    ).totalTokens;
  const before = await balance();
  await page.goto('/purchase-tokens');
  const card = page.getByRole('article', { name: 'Festival Pack' });
  await card.waitFor();
  expect(await card.textContent()).toContain('Festival deal');
  expect(await card.textContent()).toContain('20% OFF');
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'shop-ops-shop-packages');
  await card.getByRole('button', { name: 'Purchase' }).click();
  const terms = page.getByRole('dialog', { name: 'Before you buy' });
  await terms.getByRole('checkbox').check();
  await terms.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL('**/token-payment');
  await page.getByLabel('Promo code').fill('Fest25');
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByText('25% more tokens!').waitFor();
  expect(await page.getByTestId('payment-token-amount').textContent()).toContain('375 Tokens');
  await screenshot(page, 'shop-ops-shop-promo-applied');
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL('**/tokens', { timeout: 15_000 });
  await expect.poll(balance, { timeout: 10_000 }).toBe(before + 375);
  await screenshot(page, 'shop-ops-shop-bonus');
  await shopper.close();

  // The code's use is visible per shopper and per payment.
  await ownerPage.goto('/admin/promo-codes');
  await ownerPage.getByRole('row').filter({ hasText: 'FEST25' }).getByRole('button', { name: 'Edit' }).click();
  await ownerPage.getByText(/demo · payment .* · redeemed/).waitFor();
  await bothSizes(ownerPage, 'shop-ops-promo-uses');
  await ownerPage.getByRole('button', { name: 'Cancel' }).click();
});

it('the owner invites a staff admin, who sets a password from the mailed link and sees only the staff menu', async () => {
  expect(await navLabels(ownerPage)).toContain('Token Packages');
  await ownerPage.goto('/admin/admins');
  await ownerPage.getByLabel('Username').fill('counter');
  await ownerPage.getByLabel('E-mail').fill('counter@kujiya.sg');
  await ownerPage.getByLabel('Role').selectOption('staff');
  await ownerPage.getByRole('button', { name: 'Send invitation' }).click();
  await ownerPage.getByText('Invitation sent to counter@kujiya.sg.').waitFor();
  await ownerPage.getByRole('cell', { name: 'Invited' }).waitFor();
  await bothSizes(ownerPage, 'shop-ops-admins');

  // Test servers run no background jobs: deliver the queued mail once, then read the dev outbox.
  await server.services.mail.deliverQueued();
  const mail = (await (await ownerPage.request.get('/api/dev/outbox/latest?to=counter@kujiya.sg')).json()) as {
    text: string;
  };
  const link = mail.text.match(/https?:\/\/\S+\/admin\/set-password\/[A-Za-z0-9_-]+/)?.[0];
  expect(link).toBeDefined();

  const staff = await newPhoneContext(browser, server.url, DESK);
  const page = await staff.newPage();
  await page.goto(new URL(link!).pathname);
  await page.getByLabel('New password').fill('Counter123!');
  await bothSizes(page, 'shop-ops-set-password');
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.getByText('Your password is set. You can now log in.').waitFor();
  await adminLogin(page, 'counter', 'Counter123!');
  await expect
    .poll(() => navLabels(page))
    .toEqual(['Dashboard', 'Orders', 'Self Collections', 'Shipments', 'Inventory Lookup', 'My Account']);
  const menu = await page
    .getByRole('navigation', { name: 'Admin menu' })
    .locator('.admin-menu__label')
    .allTextContents();
  expect(menu).toEqual(['Orders', 'Self Collections', 'Shipments', 'Inventory Lookup', 'My Account']);
  await bothSizes(page, 'shop-ops-staff-menu');
  await page.goto('/admin/account');
  await page.getByText('Signed in as').waitFor();
  await bothSizes(page, 'shop-ops-account');
  await staff.close();
});

it('the owner disables a shopper, who is signed out', async () => {
  const victim = await insertTestShopper(server, 'ruth');
  const { token } = await server.ctx.tokens.sign(victim);
  const shopper = await newPhoneContext(browser, server.url);
  const page = await shopper.newPage();
  // Signed in once (not on every load): what the shop does with a refused token must show.
  await page.goto('/');
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('token', t!);
      localStorage.setItem('username', u!);
    },
    [token, victim.username],
  );
  await page.goto('/tokens');
  await page.getByTestId('token-balance').waitFor();

  await ownerPage.goto('/admin/shoppers');
  await ownerPage.getByRole('searchbox', { name: 'Search' }).fill('ruth');
  await ownerPage.getByRole('link', { name: 'ruth' }).click();
  await ownerPage.getByRole('heading', { name: 'ruth' }).waitFor();
  await bothSizes(ownerPage, 'shop-ops-shopper');
  await ownerPage.getByRole('button', { name: 'Disable account' }).click();
  // It asks first (docs/rules/shop-ops.md).
  await ownerPage
    .getByRole('dialog', { name: 'Disable ruth?' })
    .getByRole('button', { name: 'Disable account' })
    .click();
  await ownerPage.getByRole('button', { name: 'Enable account' }).waitFor();
  await ownerPage.getByText('shopper.disable by admin').waitFor();
  await bothSizes(ownerPage, 'shop-ops-shopper-disabled');
  await ownerPage.goto('/admin/shoppers');
  await ownerPage.getByRole('cell', { name: 'Disabled' }).first().waitFor();
  await bothSizes(ownerPage, 'shop-ops-shoppers');

  const res = await page.request.get('/api/token/balance', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(403);
  // The shopper's next call is refused: the shop forgets the token at once (the page on screen may still
  // show its login reminder), so the next page is signed out.
  await page.reload();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token')), { timeout: 15_000 }).toBeNull();
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign In / Sign Up' }).waitFor({ timeout: 15_000 });
  await screenshot(page, 'shop-ops-shopper-signed-out');
  await shopper.close();
});

it('an announcement the owner publishes appears on the shop, and can be dismissed', async () => {
  await ownerPage.goto('/admin/announcements');
  await ownerPage.getByRole('button', { name: 'New announcement' }).click();
  await ownerPage.getByLabel('Text').fill('Parcels ship a day late this week: our courier is closed on Friday.');
  await ownerPage.getByLabel('Severity').selectOption('warning');
  await bothSizes(ownerPage, 'shop-ops-announcement-form');
  await ownerPage.getByRole('button', { name: 'Publish' }).click();
  await ownerPage.getByRole('row').filter({ hasText: 'Parcels ship a day late' }).waitFor();
  await bothSizes(ownerPage, 'shop-ops-announcements');

  const visitor = await newPhoneContext(browser, server.url);
  const page = await visitor.newPage();
  await page.goto('/');
  const banner = page.getByRole('status').filter({ hasText: 'Parcels ship a day late this week' });
  await banner.waitFor();
  await screenshot(page, 'shop-ops-shop-announcement');
  await banner.getByRole('button', { name: 'Dismiss announcement' }).click();
  await banner.waitFor({ state: 'detached' });
  await page.reload();
  await page.getByRole('heading').first().waitFor();
  expect(await page.getByText('Parcels ship a day late this week').count()).toBe(0);
  await visitor.close();
});

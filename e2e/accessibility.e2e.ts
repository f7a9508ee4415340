import { afterAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { useShop } from './support/shop.ts';
import { newPhoneContext } from './support/browser.ts';
import { demoShopper, listProducts } from './support/draw.ts';
import { DESK, ownerContext } from './support/admin.ts';
import { AxeAudit } from './support/axe.ts';
import { signUp } from '../apps/server/src/modules/accounts/test-helpers.ts';
import type { RunningServer } from '../apps/server/src/server.ts';
import type { TestApp } from '../apps/server/src/test/test-app.ts';

// Every route of the shop and the back office passes axe (WCAG 2.1 A/AA and best practices) at
// 390x844, the back office also at 1280x800: lists with data and empty. The dialogs' states are in
// accessibility-dialogs.e2e.ts and accessibility-admin.e2e.ts.
let server: RunningServer;
let browser: Browser;
useShop((shop) => ({ server, browser } = shop));

const audit = new AxeAudit();
afterAll(() => console.table(audit.visited.map(({ state, violations }) => ({ state, violations: violations.length }))));

/** Opens a route and waits for its page heading and its data. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

const PUBLIC_ROUTES = [
  '/',
  '/ichiban-kuji-products',
  '/login',
  '/sign-up',
  '/verify-email',
  '/verify',
  '/reset-password-verify',
  '/reset-password/not-a-real-token',
  '/terms-and-conditions',
  '/shipping-and-delivery',
  '/faq',
  '/about-us',
  '/how-it-works',
  '/contact-us',
  '/blind-boxes-products',
  '/no-such-page',
  '/admin/login',
];

it('public pages, signed out, are axe-clean', async () => {
  const context = await newPhoneContext(browser, server.url);
  const page = await context.newPage();
  for (const path of PUBLIC_ROUTES) {
    await visit(page, path);
    await audit.check(page, `signed out ${path}`);
  }
  const products = await listProducts(page);
  const soldOut = products.find((p) => p.quantity.startsWith('0/')) ?? products[0]!;
  await visit(page, `/fairness/${soldOut.setId}`);
  await audit.check(page, 'fairness, sold-out round');
  const open = products.find((p) => !p.quantity.startsWith('0/'))!;
  await visit(page, `/fairness/${open.setId}`);
  await audit.check(page, 'fairness, open round');
  await context.close();
  expect(audit.problems()).toEqual([]);
});

const SHOPPER_ROUTES = [
  '/',
  '/ichiban-kuji-products',
  '/user-profile',
  '/change-password',
  '/orders',
  '/inventory',
  '/shipments',
  '/tokens',
  '/purchase-tokens',
  '/trading-marketplace',
  '/manage-trades',
  '/trade-history',
];

it('signed-in pages with the demo shopper data, and empty for a new shopper, are axe-clean', async () => {
  const before = audit.problems().length;
  const { context, page } = await demoShopper(browser, server.url);
  for (const path of SHOPPER_ROUTES) {
    await visit(page, path);
    await audit.check(page, `demo ${path}`);
  }
  await page.goto('/orders');
  await page.getByTestId('order-row').first().click();
  await page.waitForURL('**/order-details/**');
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await audit.check(page, 'demo /order-details (from the list)');
  await page.goto('/shipments');
  const track = page.locator('a[href^="/track/"]').first();
  if (await track.count()) {
    await track.click();
    await page.locator('h1').first().waitFor();
    await audit.check(page, 'demo /track');
  }
  await page.goto('/trading-marketplace');
  await page.locator('h1').first().waitFor();
  const trade = page.locator('a[href^="/trade/"]').first();
  if (await trade.count()) {
    await trade.click();
    await page.locator('h1').first().waitFor();
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await audit.check(page, 'demo /trade/:id');
  }
  await context.close();

  const fresh = await newPhoneContext(browser, server.url);
  const session = await signUp(server as unknown as TestApp, { username: 'axefresh', email: 'axefresh@example.com' });
  await fresh.addInitScript(
    ([t, u]) => {
      localStorage.setItem('token', t!);
      localStorage.setItem('username', u!);
    },
    [session.token, session.username],
  );
  const freshPage = await fresh.newPage();
  for (const path of SHOPPER_ROUTES.slice(2)) {
    await visit(freshPage, path);
    await audit.check(freshPage, `new shopper (empty) ${path}`);
  }
  await fresh.close();
  expect(audit.problems().slice(before)).toEqual([]);
});

const ADMIN_ROUTES = [
  '/admin/menu',
  '/admin/products',
  '/admin/add-product',
  '/admin/orders',
  '/admin/selfcollect',
  '/admin/shipments',
  '/admin/inventory-lookup',
  '/admin/token-packages',
  '/admin/promo-codes',
  '/admin/shoppers',
  '/admin/admins',
  '/admin/account',
  '/admin/jobs',
  '/admin/audit-log',
  '/admin/settings',
  '/admin/announcements',
];

it.each([
  ['1280x800', DESK],
  ['390x844', { width: 390, height: 844 }],
])('back office pages at %s are axe-clean', async (_, viewport) => {
  const before = audit.problems().length;
  const { context, page } = await ownerContext(browser, server.url, viewport);
  for (const path of ADMIN_ROUTES) {
    await visit(page, path);
    await audit.check(page, `admin ${path}`);
  }
  await visit(page, '/admin/products');
  await page.locator('a[href^="/admin/product/"]').first().click();
  await page.waitForURL('**/admin/product/**');
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await audit.check(page, 'admin /admin/product/:id editor');
  await visit(page, '/admin/orders');
  await page.locator('table tbody tr').first().getByRole('cell').nth(2).click();
  await page.waitForURL(/\/admin\/orders\/[0-9a-f-]{36}$/);
  await page.getByTestId('receipt-card').waitFor();
  await audit.check(page, 'admin /admin/orders/:id');
  await page.getByRole('region', { name: 'Shopper' }).getByRole('link').click();
  await page.getByRole('region', { name: 'Token ledger' }).waitFor();
  await audit.check(page, 'admin /admin/shoppers/:id');
  await context.close();
  expect(audit.problems().slice(before)).toEqual([]);
});

import { afterAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { useShop } from './support/shop.ts';
import { newPhoneContext, PHONE } from './support/browser.ts';
import { listProducts } from './support/draw.ts';
import { DESK, ownerContext } from './support/admin.ts';
import { AxeAudit } from './support/axe.ts';
import type { RunningServer } from '../apps/server/src/server.ts';

// The back office's editors and confirms pass axe (WCAG 2.1 A/AA and best practices) at a desk
// (1280x800) and on a phone (390x844): product confirms, package, promo code and announcement
// editors and the banner it publishes, Disable account, the inventory lookup's answer, the staff invitation.
let server: RunningServer;
let browser: Browser;
useShop((shop) => ({ server, browser } = shop));

const audit = new AxeAudit();
afterAll(() => console.table(audit.visited.map(({ state, violations }) => ({ state, violations: violations.length }))));

it.each([
  ['1280x800', DESK],
  ['390x844', PHONE],
])('back office editors and confirms at %s', async (_, viewport) => {
  const before = audit.problems().length;
  const { context, page } = await ownerContext(browser, server.url, viewport);
  const products = await listProducts(page);

  const preorder = products.find((p) => p.preorder)!;
  await page.goto(`/admin/product/${preorder.productId}`);
  await page.getByRole('button', { name: 'Convert to In Stock' }).click();
  const convert = page.getByRole('dialog', { name: 'Convert to In Stock?' });
  await convert.waitFor();
  await audit.check(page, 'admin product, Convert to In Stock confirm');
  await convert.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Reload Set' }).click();
  const reload = page.getByRole('dialog', { name: 'Reload Set?' });
  await reload.waitFor();
  await audit.check(page, 'admin product, Reload Set confirm');
  await reload.getByRole('button', { name: 'Cancel' }).click();
  await page.getByLabel('Description', { exact: true }).first().fill('Described again for the audit.');
  await audit.check(page, 'admin product editor, changed (Save shown)');

  await page.goto('/admin/token-packages');
  await page.getByRole('button', { name: 'New package' }).click();
  await page.getByLabel('Name').waitFor();
  await audit.check(page, 'admin new token package editor');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Edit' }).first().click();
  await audit.check(page, 'admin token package editor (edit, history)');

  await page.goto('/admin/promo-codes');
  await page.getByRole('button', { name: 'New promo code' }).click();
  await audit.check(page, 'admin new promo code editor');

  await page.goto('/admin/announcements');
  await page.getByRole('button', { name: 'New announcement' }).click();
  await page.getByLabel('Text').waitFor();
  await audit.check(page, 'admin new announcement editor');
  await page.getByLabel('Text').fill(`Parcels ship a day late this week (${viewport.width} px).`);
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('row').filter({ hasText: 'Parcels ship a day late' }).first().waitFor();
  await audit.check(page, 'admin announcements with one');
  const shop = await newPhoneContext(browser, server.url);
  const shopPage = await shop.newPage();
  await shopPage.goto('/');
  await shopPage.getByText('Parcels ship a day late').first().waitFor();
  await audit.check(shopPage, 'home with an announcement banner');
  await shop.close();

  await page.goto('/admin/inventory-lookup');
  await page.getByRole('button', { name: 'Look up' }).click();
  await page.getByText('Please enter a username or email').waitFor();
  await audit.check(page, 'admin inventory lookup, error');
  await page.getByLabel('Username or email').fill('demo@kujiya.sg');
  await page.getByRole('button', { name: 'Look up' }).click();
  await page.locator('.admin-inventory-set').first().waitFor();
  await audit.check(page, 'admin inventory lookup, answer');

  await page.goto('/admin/shoppers');
  await page.getByRole('searchbox', { name: 'Search' }).fill('mochi_mei');
  await page.getByRole('link', { name: 'mochi_mei' }).click();
  await page.getByRole('heading', { name: 'mochi_mei' }).waitFor();
  await page.getByRole('button', { name: 'Disable account' }).click();
  const disable = page.getByRole('dialog', { name: 'Disable mochi_mei?' });
  await disable.waitFor();
  await audit.check(page, 'admin Disable account confirm');
  await disable.getByRole('button', { name: 'Cancel' }).click();
  await context.close();
  expect(audit.problems().slice(before)).toEqual([]);
});

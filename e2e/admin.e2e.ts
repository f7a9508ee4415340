import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { useShop } from './support/shop.ts';
import { newPhoneContext, PHONE, screenshot, SCREENSHOT_DIR } from './support/browser.ts';
import { logInContext } from './support/shopper.ts';
import type { RunningServer } from '../apps/server/src/server.ts';

// The back office at a desk (1280x800) and on a phone (390x844): add a set, see it bought, convert
// its availability, ship, export the labels, complete a collection, look up an inventory.
let server: RunningServer;
let browser: Browser;
useShop((shop) => ({ server, browser } = shop));

const DESKTOP = { width: 1280, height: 800 };
const SVG = (color: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120"><rect width="120" height="120" fill="${color}"/></svg>`,
  );

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('Failed to load resource')) errors.push(message.text());
  });
  return errors;
}

async function adminPage(viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newPhoneContext(browser, server.url, viewport);
  const page = await context.newPage();
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('Admin123!');
  await page.getByRole('button', { name: /log ?in/i }).click();
  await page.waitForURL('**/admin/menu');
  return { context, page };
}

const PRODUCT = 'E2E Admin Set';

it('admin adds a set with two prizes and images; it is listed in the shop; a shopper buys; the admin sees the order and converts availability', async () => {
  const { context, page } = await adminPage();
  const errors = watchErrors(page);
  await page.getByRole('region', { name: 'Last 30 days' }).waitFor();
  await page.locator('.admin-chart canvas').first().waitFor();
  await screenshot(page, 'admin-dashboard-desktop');

  // The dashboard's card revenue by kind, and its chart's two axes (S$ and tokens).
  expect(await page.getByRole('region', { name: 'Today' }).textContent()).toMatch(
    /Tickets S\$[\d,.]+ · Token packages S\$[\d,.]+ · Shipping S\$[\d,.]+/,
  );

  await page.goto('/admin/add-product');
  // An empty form shows every field's problem at once, each beside its field.
  await page.getByRole('button', { name: 'Add product' }).click();
  const fieldError = (label: string | RegExp) =>
    page
      .getByLabel(label)
      .first()
      .evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? null);
  expect(await fieldError('Name')).toBe('Product name is required');
  expect(await fieldError('SKU')).toBe('SKU is required');
  expect(await fieldError('Tags (comma separated)')).toBe('Tags are required');
  expect(await fieldError('Price (SGD)')).toBe('Price is required');
  expect(await fieldError('Token value')).toBe('Token value is required');
  expect(await fieldError('Product image')).toBe('Product image is required');
  expect(
    await page.locator('fieldset.admin-prize').first().getByLabel('Description').getAttribute('aria-invalid'),
  ).toBe('true');
  expect(await page.locator('.admin-field-error').count()).toBeGreaterThanOrEqual(8);
  await screenshot(page, 'admin-add-product-errors-desktop');
  await page.getByLabel('Name', { exact: true }).first().fill(PRODUCT);
  await expect.poll(() => fieldError('Name')).toBeNull();
  await page.getByLabel('SKU').fill('E2E-ADM-001');
  await page.getByLabel('Tags (comma separated)').fill('Anime, E2E');
  await page.getByLabel('Price (SGD)').fill('9.90');
  await page.getByLabel('Token value').fill('10');
  await page
    .getByLabel('Product image')
    .setInputFiles({ name: 'set.svg', mimeType: 'image/svg+xml', buffer: SVG('#e8344e') });
  await page.getByLabel('Pre-order').check();
  await page.getByLabel('Arrival').fill('Late March 2027');
  await page.getByRole('button', { name: 'Add prize' }).click();
  const prizes = page.locator('fieldset.admin-prize');
  expect(await prizes.count()).toBe(2);
  await prizes.nth(0).getByLabel('Quantity').fill('2');
  await prizes.nth(0).getByLabel('Type').selectOption('Big');
  await prizes.nth(0).getByLabel('Description').fill('Big figure');
  await prizes
    .nth(0)
    .getByLabel('Image')
    .setInputFiles({ name: 'a.svg', mimeType: 'image/svg+xml', buffer: SVG('#7b4de0') });
  await prizes.nth(1).getByLabel('Quantity').fill('3');
  await prizes.nth(1).getByLabel('Description').fill('Keychain');
  await prizes
    .nth(1)
    .getByLabel('Image')
    .setInputFiles({ name: 'b.svg', mimeType: 'image/svg+xml', buffer: SVG('#f5b82e') });
  // Quantity is the prizes' total.
  expect(await page.getByLabel(/^Quantity \(the prizes' total\)/).inputValue()).toBe('5');
  expect(await page.locator('.admin-field-error').count()).toBe(0);
  await screenshot(page, 'admin-add-product-desktop');
  await page.getByRole('button', { name: 'Add product' }).click();
  await page.getByText('Product and prizes added successfully!').waitFor();
  await page.waitForURL('**/admin/products');
  await page.getByRole('link', { name: PRODUCT }).waitFor();
  await screenshot(page, 'admin-products-desktop');

  // Listed in the shop; the demo shopper buys 2 tickets with tokens.
  const shop = await (await page.request.get('/api/ichiban-kuji-products')).json();
  const listed = shop.all.find((p: { name: string }) => p.name === PRODUCT);
  expect(listed).toMatchObject({ quantity: '5/5', preorder: true });
  const shopperContext = await newPhoneContext(browser, server.url);
  const { token } = await logInContext(shopperContext);
  const bought = await shopperContext.request.post('/api/token/use', {
    data: { setId: listed.setId, ticketsBought: 2, username: 'demo' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(bought.status()).toBe(200);
  await shopperContext.close();

  await page.goto('/admin/orders');
  await page.getByLabel('Search').fill(PRODUCT);
  const row = page.getByRole('row').filter({ hasText: PRODUCT });
  await row.first().waitFor();
  expect(await row.count()).toBe(1);
  expect(await row.first().textContent()).toContain('demo');
  await screenshot(page, 'admin-orders-desktop');

  await page.goto('/admin/products');
  await page.getByRole('link', { name: PRODUCT }).click();
  await page.getByRole('heading', { name: PRODUCT }).waitFor();
  expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
  // Quantity and Sold are figures, not inputs.
  expect(await page.getByRole('spinbutton', { name: /^(Quantity|Sold)$/ }).count()).toBe(0);
  // Convert to In Stock notifies every holder: it asks first, and Cancel changes nothing.
  await page.getByRole('button', { name: 'Convert to In Stock' }).click();
  const dialog = page.getByRole('dialog', { name: 'Convert to In Stock?' });
  await dialog.waitFor();
  await screenshot(page, 'admin-product-convert-confirm-desktop');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(await page.getByText(/In stock:/).count()).toBe(0);
  await page.getByRole('button', { name: 'Convert to In Stock' }).click();
  await dialog.getByRole('button', { name: 'Convert and notify' }).click();
  await page.getByText(/In stock: [12] batches now ship within two weeks; 1 holders notified/).waitFor();
  await page.getByText('product.availability').waitFor();
  await screenshot(page, 'admin-product-detail-desktop');
  // Edits after creation: name, description, tags, prices and a prize's description, saved at once.
  await page.getByLabel('Name', { exact: true }).fill(`${PRODUCT} II`);
  await page.getByLabel('Description', { exact: true }).first().fill('Summer figures, signed.');
  await page.getByLabel('Price (SGD)').fill('11.50');
  await page.getByLabel('Token value').fill('12');
  await page.getByLabel('Prize B description').fill('Metal keychain');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved.', { exact: true }).waitFor();
  await page.getByRole('heading', { name: `${PRODUCT} II` }).waitFor();
  const edited = (await (await page.request.get('/api/ichiban-kuji-products')).json()).all.find(
    (p: { productId: string }) => p.productId === listed.productId,
  );
  expect(edited).toMatchObject({
    name: `${PRODUCT} II`,
    description: 'Summer figures, signed.',
    price: 11.5,
    token: 12,
  });
  expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
  // A lottery order shows with its buyer and result.
  await page.getByLabel('Lottery enabled').check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('region', { name: 'Lottery orders' }).waitFor();
  const buyer = await newPhoneContext(browser, server.url);
  const buyerToken = (await logInContext(buyer)).token;
  expect(
    (
      await buyer.request.post('/api/token/use', {
        data: { setId: listed.setId, ticketsBought: 1, username: 'demo' },
        headers: { authorization: `Bearer ${buyerToken}` },
      })
    ).status(),
  ).toBe(200);
  await buyer.close();
  await page.reload();
  const lotteryRow = page.getByRole('region', { name: 'Lottery orders' }).getByRole('row').filter({ hasText: 'demo' });
  await lotteryRow.waitFor();
  expect(await lotteryRow.textContent()).toContain('Waiting for the draw');
  await screenshot(page, 'admin-product-edited-desktop');
  // Changing only a "Next round" quantity and pressing Save asks, then reloads the set with it.
  await page.getByLabel('Prize A quantity').fill('4');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const reloadDialog = page.getByRole('dialog', { name: 'Save and reload the set?' });
  await reloadDialog.waitFor();
  await screenshot(page, 'admin-product-save-and-reload-desktop');
  await reloadDialog.getByRole('button', { name: 'Save and reload' }).click();
  await page.getByText('Saved and reloaded: a new round is open.').waitFor();
  await expect.poll(() => page.getByLabel('SKU').inputValue()).toBe('E2E-ADM-002');
  expect(await page.getByLabel('Prize A quantity').inputValue()).toBe('4');
  // Reload Set asks first too.
  await page.getByRole('button', { name: 'Reload Set' }).click();
  const reloadSet = page.getByRole('dialog', { name: 'Reload Set?' });
  await reloadSet.getByRole('button', { name: 'Reload Set' }).click();
  await page.getByText('Reloaded: new round E2E-ADM-003.').waitFor();
  // Double-chance prizes are committed with the round too: adding one goes through Save and reload.
  await page.getByLabel('Double chance').check();
  await page.getByRole('button', { name: 'Add double-chance prize' }).click();
  await page.getByLabel('Double-chance prize 1 name').fill('Signed poster');
  await page.getByLabel('Double-chance prize 1 quantity').fill('2');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Save and reload the set?' })
    .getByRole('button', { name: 'Save and reload' })
    .click();
  await expect.poll(() => page.getByLabel('SKU').inputValue()).toBe('E2E-ADM-004');
  await expect.poll(() => page.getByLabel('Double-chance prize 1 name').inputValue()).toBe('Signed poster');
  await screenshot(page, 'admin-product-double-chance-desktop');
  expect(errors).toEqual([]);
  await context.close();
});

it('admin marks a parcel shipped, exports the pending labels as a PDF, completes a collection and looks up an inventory', async () => {
  const { context, page } = await adminPage();
  const errors = watchErrors(page);
  await page.goto('/admin/shipments');
  await page.getByRole('button', { name: 'Mark shipped' }).first().waitFor();
  const pendingBefore = await page.getByRole('button', { name: 'Mark shipped' }).count();
  expect(pendingBefore).toBeGreaterThanOrEqual(2);
  await screenshot(page, 'admin-shipments-desktop');
  await page.getByRole('button', { name: 'Mark shipped' }).first().click();
  // Final, and the shopper is told: asked first (docs/rules/back-office.md).
  const shipDialog = page.getByRole('dialog', { name: 'Mark this parcel shipped?' });
  await shipDialog.getByText('This cannot be undone.').waitFor();
  await screenshot(page, 'admin-shipments-confirm-desktop');
  await shipDialog.getByRole('button', { name: 'Mark shipped' }).click();
  await shipDialog.waitFor({ state: 'hidden' });
  await expect.poll(() => page.getByRole('button', { name: 'Mark shipped' }).count()).toBe(pendingBefore - 1);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export pending' }).click();
  const file = path.join(SCREENSHOT_DIR, 'admin-pending-shipments.pdf');
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await (await download).saveAs(file);
  const pdf = fs.readFileSync(file);
  expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
  expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(pendingBefore - 1);
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '80',
    '-f',
    '1',
    '-l',
    '1',
    file,
    path.join(SCREENSHOT_DIR, 'admin-pending-shipments-page'),
  ]);

  await page.getByRole('button', { name: 'Show' }).first().click();
  await page.getByText('shipment.shipped').waitFor();
  await screenshot(page, 'admin-shipments-history-desktop');

  await page.goto('/admin/selfcollect');
  const pending = page.getByRole('combobox', { name: /^Status of / }).and(page.locator(':enabled'));
  await pending.first().waitFor();
  const pendingCount = await pending.count();
  await screenshot(page, 'admin-selfcollect-desktop');
  await pending.first().selectOption('completed');
  const completeDialog = page.getByRole('dialog', { name: 'Complete this collection?' });
  await completeDialog.getByText('This cannot be undone.', { exact: false }).waitFor();
  await screenshot(page, 'admin-selfcollect-confirm-desktop');
  await completeDialog.getByRole('button', { name: 'Mark completed' }).click();
  await expect.poll(() => pending.count()).toBe(pendingCount - 1);
  expect(await page.locator('select[aria-label^="Status of"]:disabled').count()).toBeGreaterThanOrEqual(1);

  await page.goto('/admin/inventory-lookup');
  await page.getByRole('button', { name: 'Look up' }).click();
  await page.getByText('Please enter a username or email').waitFor();
  await page.getByLabel('Username or email').fill('demo@kujiya.sg');
  await page.getByRole('button', { name: 'Look up' }).click();
  await page.locator('.admin-inventory-set').first().waitFor();
  await screenshot(page, 'admin-inventory-lookup-desktop');
  expect(errors).toEqual([]);
  await context.close();
});

it('every admin screen is usable on a phone, and an admin call answering 401 sends the admin to the login', async () => {
  const { context, page } = await adminPage(PHONE);
  await page.locator('.admin-chart canvas').first().waitFor();
  await screenshot(page, 'admin-dashboard-phone');
  for (const [url, name] of [
    ['/admin/products', 'products'],
    ['/admin/add-product', 'add-product'],
    ['/admin/orders', 'orders'],
    ['/admin/selfcollect', 'selfcollect'],
    ['/admin/shipments', 'shipments'],
    ['/admin/inventory-lookup', 'inventory-lookup'],
  ] as const) {
    await page.goto(url);
    await page.locator('main h1').waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, `admin-${name}-phone`);
  }
  await page.goto('/admin/products');
  await page.locator('table a').nth(1).click();
  await page.getByText('Change history').waitFor();
  await screenshot(page, 'admin-product-detail-phone');
  await page.getByLabel('Double chance').check();
  await page.getByRole('button', { name: 'Add double-chance prize' }).click();
  await screenshot(page, 'admin-product-double-chance-phone');

  // A token the server no longer accepts (its signature is wrong) but the browser still thinks valid.
  await page.evaluate(() => {
    const token = localStorage.getItem('adminToken')!;
    localStorage.setItem('adminToken', `${token.slice(0, -4)}AAAA`);
  });
  await page.goto('/admin/orders');
  await page.waitForURL('**/admin/login');
  await context.close();
});

it("loads the chart library only with the back office: the shop's entry chunk does not contain it", async () => {
  const html = await (await fetch(`${server.url}/`)).text();
  const entry = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
  expect(entry).toBeDefined();
  const entryCode = await (await fetch(`${server.url}${entry}`)).text();
  // chart.js's option name, present wherever the library is bundled.
  expect(entryCode).not.toContain('indexAxis');
  expect(entryCode.length).toBeGreaterThan(1000);
});

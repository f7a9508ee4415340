import { expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { useShop } from './support/shop.ts';
import { newPhoneContext, screenshot, watchErrors } from './support/browser.ts';
import { buyWithTokens, demoShopper, dialog, viewportShot } from './support/draw.ts';
import {
  chooseAction,
  inventoryOf,
  nextWednesdayThreePm,
  openInventory,
  plainInStockSet,
} from './support/fulfilment.ts';
import type { RunningServer } from '../apps/server/src/server.ts';

// What the shopper sees of fulfilment's states (a phone, 390x844) and the owner's shop settings
// (a desk, 1280x800): the pickup point everywhere a collection is mentioned, units awaiting a shipping
// payment, the receiver's phone of another address, a blocked Proceed to Payment, a shipped parcel.
let server: RunningServer;
let browser: Browser;
useShop((shop) => ({ server, browser } = shop));

const DESKTOP = { width: 1280, height: 800 };
const PICKUP = {
  address: '88 Collector Avenue, #02-15, Singapore 408600',
  openingNote: 'Counter at the back of the hobby mall, next to the lift.',
  mapLink: 'https://maps.example.com/?q=408600',
};

async function adminToken(page: Page): Promise<string> {
  const login = await page.request.post('/api/admin/login', { data: { username: 'admin', password: 'Admin123!' } });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

/** A batch of the set with at least `units` selectable units (by the API). */
async function batchWith(page: Page, token: string, setName: string, units: number) {
  const items = (await inventoryOf(page, token))[setName] ?? [];
  for (const item of items)
    for (const batch of item.batches)
      if (batch.quantity - batch.inTrade - (batch.awaitingPayment ?? 0) >= units && batch.shipByDate)
        return { item, batch };
  throw new Error(`no batch of ${setName} with ${units} free units`);
}

it('the owner sets the pickup point at /admin/settings; the shopper sees it in the collection dialog, after booking, on the booking and on the static pages', async () => {
  const context = await newPhoneContext(browser, server.url, DESKTOP);
  const admin = await context.newPage();
  const adminErrors = watchErrors(admin);
  await admin.goto('/admin/login');
  await admin.getByLabel('Username').fill('admin');
  await admin.getByLabel('Password').fill('Admin123!');
  await admin.getByRole('button', { name: /log ?in/i }).click();
  await admin.waitForURL('**/admin/menu');
  await admin.goto('/admin/settings');
  const form = admin.getByRole('form', { name: 'Shop settings' });
  await form.getByLabel('Pickup address').waitFor();
  // The demo value is there before the owner saves their own.
  expect(await form.getByLabel('Pickup address').inputValue()).toContain('Kujiya Collection Counter');
  await form.getByLabel('Map link').fill('not a link');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await form.getByText('Map link must be an http(s) address.').waitFor();
  await form.getByLabel('Pickup address').fill(PICKUP.address);
  await form.getByLabel('Opening note').fill(PICKUP.openingNote);
  await form.getByLabel('Map link').fill(PICKUP.mapLink);
  await form.getByLabel('Sender name').fill('Kujiya Pte Ltd');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await form.getByText('Settings saved.').waitFor();
  await admin.getByText('settings.update').first().waitFor();
  // From the top, so the fixed admin header does not sit over the form in the full-page image.
  await admin.evaluate(() => window.scrollTo(0, 0));
  await screenshot(admin, 'settings-admin-desktop');
  expect(adminErrors).toEqual([]);
  await context.close();

  const { context: phone, page, token } = await demoShopper(browser, server.url);
  const errors = watchErrors(page);
  const product = await plainInStockSet(page, 2);
  await buyWithTokens(page, product, 2);
  const group = await openInventory(page, product.name);
  await chooseAction(page, 'Self-Collect');
  await group.getByTestId('inventory-batch').first().getByRole('button', { name: 'Increase' }).click();
  await page.getByRole('button', { name: /^Confirm Self-Collect Items/ }).click();
  const modal = dialog(page, 'Confirm Self-Collect');
  const pickup = modal.getByTestId('pickup-point');
  await pickup.getByText(PICKUP.address).waitFor();
  expect(await pickup.getByText(PICKUP.openingNote).count()).toBe(1);
  expect(await pickup.getByRole('link', { name: 'Open in maps' }).getAttribute('href')).toBe(PICKUP.mapLink);
  const { date } = nextWednesdayThreePm();
  await modal.locator(`[data-date="${date}"]`).click();
  await modal.getByRole('button', { name: /^3:00 PM/ }).click();
  await viewportShot(page, 'settings-self-collect-dialog');
  await modal.getByRole('button', { name: 'Confirm Collection' }).click();

  await page.waitForURL('**/shipments');
  const banner = page.getByRole('status').filter({ hasText: 'Self-collection scheduled successfully!' });
  await banner.waitFor();
  expect(await banner.textContent()).toMatch(/Collect SC-[0-9A-F]{8} on .*3:00/);
  const card = page.getByTestId('collection-card').filter({ hasText: 'Pending' }).first();
  await card.getByTestId('pickup-point').getByText(PICKUP.address).waitFor();
  await viewportShot(page, 'settings-collection-booked');
  await screenshot(page, 'settings-collections-tab');
  const reference = (await banner.textContent())!.match(/SC-[0-9A-F]{8}/)![0];
  const notes = await server.services.notifications.list((await server.services.accounts.findAccount('demo'))!.id);
  expect(notes.find((n) => n.message.includes(reference))?.message).toContain(`Collect at: ${PICKUP.address}.`);

  for (const [path, name] of [
    ['/contact-us', 'contact'],
    ['/shipping-and-delivery', 'shipping'],
  ] as const) {
    await page.goto(path);
    await page.getByTestId('pickup-point').getByText(PICKUP.address).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `settings-pickup-${name}`);
  }
  await page.goto('/faq');
  await page.getByText('Can I collect my prizes myself?').click();
  await page.getByTestId('pickup-point').getByText(PICKUP.address).waitFor();
  await viewportShot(page, 'settings-pickup-faq');
  expect(errors).toEqual([]);
  void token;
  await phone.close();
});

it('units of an unpaid shipment show "Awaiting shipping payment" and cannot be chosen; they return when the window lapses and leave when paid', async () => {
  const { context, page, token } = await demoShopper(browser, server.url);
  const errors = watchErrors(page);
  const product = await plainInStockSet(page, 3);
  await buyWithTokens(page, product, 3);
  const { batch } = await batchWith(page, token, product.name, 1);
  const create = async () => {
    const res = await page.request.post('/api/payment/shipping/create-intent', {
      headers: { authorization: `Bearer ${token}` },
      data: { inventoryItems: [{ batchId: batch.batchId, quantity: batch.quantity }], useProfileAddress: true },
    });
    expect(res.status()).toBe(200);
    return (await res.json()) as { shipmentId: string; clientSecret: string };
  };
  const first = await create();
  const group = await openInventory(page, product.name);
  const row = group
    .locator(`[data-testid="inventory-batch"]`)
    .filter({ has: page.getByTestId('awaiting-shipping-payment') });
  await row.getByText(`Awaiting shipping payment: ${batch.quantity}`).waitFor();
  await chooseAction(page, 'Abandon Items');
  expect(await row.getByRole('button', { name: 'Increase' }).isDisabled()).toBe(true);
  await viewportShot(page, 'awaiting-shipping-payment');

  // The payment window lapses: back to normal.
  await server.ctx.db.execute(
    sql`update shipments set expires_at = now() - interval '1 minute' where id = ${first.shipmentId}`,
  );
  await page.reload();
  await setGroupReady(page, product.name);
  expect(await page.getByTestId('awaiting-shipping-payment').count()).toBe(0);
  await screenshot(page, 'awaiting-shipping-payment-lapsed');

  // Paid: the units leave the inventory.
  const second = await create();
  const paid = await page.request.post('/api/test-gateway/confirm', {
    data: { clientSecret: second.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.status()).toBe(200);
  await expect
    .poll(async () =>
      ((await inventoryOf(page, token))[product.name] ?? [])
        .flatMap((i) => i.batches)
        .some((b) => b.batchId === batch.batchId),
    )
    .toBe(false);
  await page.reload();
  await setGroupReady(page, product.name);
  expect(await page.getByTestId('awaiting-shipping-payment').count()).toBe(0);
  expect(errors).toEqual([]);
  await context.close();
});

async function setGroupReady(page: Page, setName: string) {
  await page.locator(`[data-testid="inventory-set"][data-set-name="${setName}"]`).waitFor();
}

it('Arrange Shipment: an incomplete profile address blocks Proceed to Payment with a profile link; another address takes the receiver phone; the shipped parcel shows its date and tracks on the shop', async () => {
  const { context, page, token } = await demoShopper(browser, server.url);
  const errors = watchErrors(page);
  const product = await plainInStockSet(page, 2);
  await buyWithTokens(page, product, 2);
  // The profile without its unit number and phone.
  await page.route('**/api/users/shipping-address/**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { shippingAddress: Record<string, unknown>; phoneNumber: string | null };
    await route.fulfill({
      response,
      json: { ...body, phoneNumber: null, shippingAddress: { ...body.shippingAddress, unitNumber: null } },
    });
  });
  const group = await openInventory(page, product.name);
  await chooseAction(page, 'Ship Items');
  await group.getByTestId('inventory-batch').first().getByRole('button', { name: 'Increase' }).click();
  await page.getByRole('button', { name: /^Confirm Ship Items/ }).click();
  const arrange = dialog(page, 'Arrange Shipment');
  await arrange.getByText('Please update your profile shipping address to proceed.').waitFor();
  expect(await arrange.getByRole('button', { name: 'Proceed to Payment' }).isDisabled()).toBe(true);
  expect(await arrange.getByRole('link', { name: 'Update your profile' }).getAttribute('href')).toBe('/user-profile');
  await viewportShot(page, 'arrange-shipment-profile-incomplete');

  await arrange.getByLabel('Use another address').check();
  expect(await arrange.getByRole('button', { name: 'Proceed to Payment' }).isDisabled()).toBe(false);
  await arrange.getByLabel('Full Name').fill('Receiver Lim');
  await arrange.getByLabel('Full Address').fill('10 Receiver Road');
  await arrange.getByLabel('Unit Number').fill('#05-05');
  await arrange.getByLabel('Postal Code').fill('560010');
  await arrange.getByLabel("Receiver's Phone Number").fill('12345678');
  await arrange.getByRole('button', { name: 'Proceed to Payment' }).click();
  expect(await arrange.getByLabel("Receiver's Phone Number").getAttribute('aria-invalid')).toBe('true');
  await arrange.getByText('Phone number must be 8 digits starting with 3, 6, 8 or 9.').waitFor();
  await viewportShot(page, 'arrange-shipment-other-phone-invalid');
  await arrange.getByLabel("Receiver's Phone Number").fill('87654321');
  const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/payment/shipping/create-intent');
  await arrange.getByRole('button', { name: 'Proceed to Payment' }).click();
  const answer = await created;
  expect(answer.status()).toBe(200);
  expect(answer.request().postDataJSON()).toMatchObject({ useProfileAddress: false, phoneNumber: '87654321' });
  const { shipmentId, clientSecret } = (await answer.json()) as { shipmentId: string; clientSecret: string };
  await page.waitForURL('**/shipping-payment');
  await page.request.post('/api/test-gateway/confirm', {
    data: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  });
  await server.services.fulfilment.runJobs();

  await page.goto('/shipments');
  const card = page.getByTestId('shipment-card').filter({ hasText: 'Receiver Lim' });
  await card.getByTestId('shipment-state').getByText('Booked with the courier').waitFor();
  expect(await card.textContent()).toContain('87654321');
  // The courier's status shows "Pending" until its tracking call answers: wait for the answer.
  await card.getByTestId('tracking-status').getByText('Pending For Collection', { exact: true }).waitFor();

  const adminBearer = await adminToken(page);
  const shipped = await page.request.put(`/api/admin/shipments/${shipmentId}/shipped`, {
    headers: { authorization: `Bearer ${adminBearer}` },
  });
  expect(shipped.status()).toBe(200);
  await page.reload();
  await card
    .getByTestId('shipment-state')
    .getByText(/^Shipped on \d{1,2} \w{3} \d{4}$/)
    .waitFor();
  await card.getByTestId('tracking-status').getByText('In Transit').waitFor();
  await viewportShot(page, 'shipments-shipped');

  const link = card.getByTestId('tracking-link');
  expect(await link.getAttribute('target')).toBeNull();
  const awb = (await link.textContent())!;
  await link.click();
  await page.waitForURL(`**/track/${awb}`);
  const details = page.getByTestId('tracking-details');
  await details.getByTestId('tracking-status').getByText('In Transit').waitFor();
  expect(await details.textContent()).toContain(`Booked with the courier (AWB ${awb})`);
  expect(context.pages()).toHaveLength(1);
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'tracking-page');
  expect(errors).toEqual([]);
  void token;
  await context.close();
});

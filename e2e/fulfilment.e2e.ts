import { expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { COLLECTION_SLOT_MESSAGE } from '@kujiya/shared';
import { useShop } from './support/shop.ts';
import { screenshot, watchErrors } from './support/browser.ts';
import { buyWithTokens, demoShopper, dialog, drawnOrderId, productTitled, viewportShot } from './support/draw.ts';
import {
  chooseAction,
  fillCard,
  inventoryOf,
  nextWednesdayThreePm,
  openInventory,
  plainInStockSet,
  unitsOfSet,
} from './support/fulfilment.ts';
import type { RunningServer } from '../apps/server/src/server.ts';

// From a win to the prize in hand, on a phone: the inventory's actions (ship and pay, self-collect and
// cancel, abandon), the shipments page, and the orders list with its details (chance sets included).
let server: RunningServer;
let browser: Browser;

useShop((shop) => ({ server, browser } = shop));

const shopper = () => demoShopper(browser, server.url);

let shippedSet = '';

it('win → inventory → Ship Items with the profile address → pay 4242 → /shipments shows it with its tracking link', async () => {
  const { context, page, token } = await shopper();
  const errors = watchErrors(page);
  const product = await plainInStockSet(page, 4);
  shippedSet = product.name;
  await buyWithTokens(page, product, 4);
  const before = unitsOfSet(await inventoryOf(page, token), product.name);
  expect(before).toBeGreaterThanOrEqual(4);

  const group = await openInventory(page, product.name);
  await screenshot(page, 'fulfilment-inventory');
  await chooseAction(page, 'Ship Items');
  const firstBatch = group.getByTestId('inventory-batch').first();
  await firstBatch.getByRole('button', { name: 'Increase' }).click();
  expect(await firstBatch.getByRole('spinbutton').inputValue()).toBe('1');
  await screenshot(page, 'fulfilment-inventory-ship-selected');
  await page.getByRole('button', { name: /^Confirm Ship Items/ }).click();

  const arrange = dialog(page, 'Arrange Shipment');
  await arrange.getByTestId('profile-address').getByText('Demo Shopper').waitFor();
  expect(await arrange.getByTestId('shipping-fee-estimate').textContent()).toContain('$5.00');
  await viewportShot(page, 'fulfilment-arrange-shipment');
  // Another address: the invalid fields are marked.
  await arrange.getByLabel('Use another address').check();
  await arrange.getByLabel('Postal Code').fill('123');
  await arrange.getByRole('button', { name: 'Proceed to Payment' }).click();
  expect(await arrange.getByLabel('Postal Code').getAttribute('aria-invalid')).toBe('true');
  expect(await arrange.getByLabel('Full Name').getAttribute('aria-invalid')).toBe('true');
  await viewportShot(page, 'fulfilment-arrange-shipment-other-invalid');
  await arrange.getByLabel('Use my profile address').check();
  await arrange.getByRole('button', { name: 'Proceed to Payment' }).click();

  await page.waitForURL('**/shipping-payment');
  await page.getByTestId('shipping-fee').getByText('$5.00').waitFor();
  await screenshot(page, 'fulfilment-shipping-payment');
  // Hold the first status answers a moment so the processing overlay can be seen.
  await page.route('**/api/shipment/processing-status/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.getByText('Processing your payment...').waitFor();
  await page.getByText('This might take awhile, please do not close this page.').waitFor();
  await viewportShot(page, 'fulfilment-shipping-processing');

  await page.waitForURL('**/shipments', { timeout: 30_000 });
  await page.getByText('Payment successful! Your shipment has been arranged.').waitFor();
  const card = page.getByTestId('shipment-card').first();
  await card.waitFor();
  expect(await card.textContent()).toContain('Demo Shopper');
  expect(await card.textContent()).toContain('$5.00');
  expect(unitsOfSet(await inventoryOf(page, token), product.name)).toBe(before - 1);
  // The courier job hands the paid shipment over; its AWB turns the tracking ID into a link. Test
  // servers do not run the periodic jobs, so the test runs the job as the runner would.
  await expect
    .poll(
      async () => {
        await server.services.fulfilment.runJobs();
        await page.reload();
        await page.getByTestId('shipment-card').first().waitFor();
        return page.getByTestId('shipment-card').first().getByTestId('tracking-link').count();
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBe(1);
  const link = page.getByTestId('shipment-card').first().getByTestId('tracking-link');
  // The test courier's tracking page is the shop's own, opened in the app (not a new tab).
  expect(await link.getAttribute('href')).toMatch(/^\/track\/TEST/);
  expect(await link.getAttribute('target')).toBeNull();
  expect(
    (await page.getByTestId('shipment-card').first().getByTestId('tracking-status').textContent())?.trim(),
  ).not.toBe('');
  await screenshot(page, 'fulfilment-shipments');
  expect(errors).toEqual([]);
  await context.close();
});

it('Arrange Shipment failures: EXPIRED_SHIPPING opens Shipping Expired with one line per unit, others point to the profile; a pending payment is verified on /orders', async () => {
  const { context, page, token } = await shopper();
  const errors = watchErrors(page);
  const setName = shippedSet || (await plainInStockSet(page, 2)).name;
  const expired = 'Prize A (Some Set) was due on 1 Nov 2026\nPrize B (Some Set) was due on 2 Nov 2026';
  let answer: 'expired' | 'other' = 'expired';
  await page.route('**/api/payment/shipping/create-intent', (route) =>
    route.fulfill(
      answer === 'expired'
        ? { status: 400, json: { message: expired, code: 'EXPIRED_SHIPPING' } }
        : { status: 400, json: { message: 'Please add a phone number to your profile.' } },
    ),
  );
  const group = await openInventory(page, setName);
  await chooseAction(page, 'Ship Items');
  await group.getByTestId('inventory-batch').first().getByRole('button', { name: 'Increase' }).click();
  await page.getByRole('button', { name: /^Confirm Ship Items/ }).click();
  await dialog(page, 'Arrange Shipment').getByRole('button', { name: 'Proceed to Payment' }).click();
  const modal = dialog(page, 'Shipping Expired');
  await modal.waitFor();
  expect(await modal.getByRole('listitem').allTextContents()).toEqual([
    'Prize A (Some Set) was due on 1 Nov 2026',
    'Prize B (Some Set) was due on 2 Nov 2026',
  ]);
  await viewportShot(page, 'fulfilment-shipping-expired');
  await modal.getByRole('button', { name: 'OK' }).click();

  answer = 'other';
  await page.getByRole('button', { name: /^Confirm Ship Items/ }).click();
  const arrange = dialog(page, 'Arrange Shipment');
  await arrange.getByRole('button', { name: 'Proceed to Payment' }).click();
  await arrange.getByText('Please update your profile address and phone number.').waitFor();
  expect(await arrange.getByRole('link', { name: 'Go to profile' }).getAttribute('href')).toBe('/user-profile');
  await viewportShot(page, 'fulfilment-shipping-failure');

  // Back from a card page with the shipment still marked pending: /orders verifies it and shows the success state.
  const shipments = (await (
    await page.request.get('/api/shipment/user/demo', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { shipments: { _id: string }[] };
  expect(shipments.shipments.length).toBeGreaterThan(0);
  const verified = page.waitForResponse(
    (r) => new URL(r.url()).pathname === `/api/payment/verify-shipment/${shipments.shipments[0]!._id}`,
  );
  await page.evaluate((id) => sessionStorage.setItem('pendingShipmentId', id), shipments.shipments[0]!._id);
  await page.goto('/orders');
  expect((await verified).status()).toBe(200);
  await page.getByText('Payment successful! Your shipment has been arranged.').waitFor();
  expect(await page.evaluate(() => sessionStorage.getItem('pendingShipmentId'))).toBeNull();
  await screenshot(page, 'fulfilment-orders-shipment-success');
  expect(errors.filter((e) => !e.includes('400'))).toEqual([]);
  await context.close();
});

it('Self-Collect next Wednesday 3 PM → the collections tab → cancel → the items are back', async () => {
  const { context, page, token } = await shopper();
  const errors = watchErrors(page);
  const setName = shippedSet || (await plainInStockSet(page, 2)).name;
  const before = await inventoryOf(page, token);
  const group = await openInventory(page, setName);
  await chooseAction(page, 'Self-Collect');
  const batch = group.getByTestId('inventory-batch').first();
  await batch.getByRole('button', { name: 'Increase' }).click();
  const chosen = Number(await batch.getByRole('spinbutton').inputValue());
  expect(chosen).toBeGreaterThanOrEqual(1);
  await page.getByRole('button', { name: /^Confirm Self-Collect Items/ }).click();

  const modal = dialog(page, 'Confirm Self-Collect');
  await modal.getByRole('button', { name: 'Confirm Collection' }).click();
  await modal.getByText(COLLECTION_SLOT_MESSAGE).waitFor();
  // Only Wednesdays and Fridays can be chosen.
  const enabled = await modal
    .locator('.date-picker__day:not([disabled])')
    .evaluateAll((days) => days.map((d) => new Date(`${d.getAttribute('data-date')}T12:00:00+08:00`).getUTCDay()));
  expect(enabled.length).toBeGreaterThan(0);
  expect(enabled.every((day) => day === 3 || day === 5)).toBe(true);
  const { date, slot } = nextWednesdayThreePm();
  await modal.locator(`[data-date="${date}"]`).click();
  const slots = await modal.locator('.slot-chip').allTextContents();
  expect(slots.map((s) => s.replace(' (Full)', ''))).toEqual(expect.arrayContaining(['3:00 PM']));
  await modal.getByRole('button', { name: /^3:00 PM/ }).click();
  await viewportShot(page, 'fulfilment-self-collect-modal');
  const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/self-collection/create');
  await modal.getByRole('button', { name: 'Confirm Collection' }).click();
  const body = (await created).request().postDataJSON() as { collectionDate: string };
  expect(new Date(body.collectionDate).toISOString()).toBe(slot);

  await page.waitForURL('**/shipments');
  expect(await page.getByRole('tab', { name: 'Self-Collections' }).getAttribute('aria-selected')).toBe('true');
  const card = page.getByTestId('collection-card').filter({ hasText: 'Pending' }).first();
  await card.waitFor();
  expect(unitsOfSet(await inventoryOf(page, token), setName)).toBe(unitsOfSet(before, setName) - chosen);
  await screenshot(page, 'fulfilment-collections');

  await card.getByRole('button', { name: 'Cancel Collection' }).click();
  await dialog(page, 'Cancel Collection').getByRole('button', { name: 'Yes, cancel' }).click();
  await expect.poll(async () => unitsOfSet(await inventoryOf(page, token), setName)).toBe(unitsOfSet(before, setName));
  await page.getByTestId('collection-card').filter({ hasText: 'Cancelled' }).first().waitFor();
  await screenshot(page, 'fulfilment-collections-cancelled');
  expect(errors).toEqual([]);
  await context.close();
});

it("an order's Self-Collect opens the self-collection modal with that order's units still held", async () => {
  const { context, page, token } = await shopper();
  const errors = watchErrors(page);
  const product = await plainInStockSet(page, 2);
  await buyWithTokens(page, product, 2);
  const orderId = await drawnOrderId(page);
  // The first slot of the window is full (as the server answers once it holds its 10 collections).
  let fullSlot: { date: string; time: string } | null = null;
  await page.route('**/api/self-collection/slots', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as {
      slots: { date: string; time: string; remaining: number; full: boolean }[];
    };
    const first = body.slots[0]!;
    Object.assign(first, { remaining: 0, full: true });
    fullSlot = { date: first.date, time: first.time };
    await route.fulfill({ response, json: body });
  });
  await page.goto(`/order-details/${orderId}`);
  await page.getByRole('link', { name: 'Self-Collect' }).click();
  await page.waitForURL('**/inventory');
  const modal = dialog(page, 'Confirm Self-Collect');
  await modal.waitFor();
  const listed = await modal.getByRole('list', { name: 'Selected items' }).getByRole('listitem').allTextContents();
  const held = (await inventoryOf(page, token))[product.name] ?? [];
  expect(listed.length).toBeGreaterThan(0);
  expect(
    listed.every((text) => held.some((item) => text.includes(item.prizeName))),
    JSON.stringify({ listed, held: held.map((i) => i.prizeName) }),
  ).toBe(true);
  await viewportShot(page, 'fulfilment-order-self-collect');
  await expect.poll(() => fullSlot).not.toBeNull();
  await modal.locator(`[data-date="${fullSlot!.date}"]`).click();
  const full = modal.getByRole('button', { name: `${fullSlot!.time} (Full)` });
  await full.waitFor();
  expect(await full.isDisabled()).toBe(true);
  await viewportShot(page, 'fulfilment-self-collect-full-slot');
  await modal.getByRole('button', { name: 'Cancel' }).click();
  // The selection stays in Self-Collect mode for the shopper to adjust.
  expect(await page.getByRole('button', { name: 'Self-Collect', pressed: true }).count()).toBe(1);
  expect(errors).toEqual([]);
  await context.close();
});

it('Abandon Items: one unit goes after the confirm modal, the selection clears and the inventory reloads', async () => {
  const { context, page, token } = await shopper();
  const errors = watchErrors(page);
  const setName = shippedSet || (await plainInStockSet(page, 2)).name;
  const before = unitsOfSet(await inventoryOf(page, token), setName);
  const group = await openInventory(page, setName);
  await chooseAction(page, 'Abandon Items');
  const batch = group.getByTestId('inventory-batch').first();
  await batch.getByRole('button', { name: 'Increase' }).click();
  await page.getByRole('button', { name: 'Confirm Abandon Items (1)' }).click();
  const confirm = dialog(page, 'Abandon Items');
  await confirm.getByRole('list', { name: 'Selected items' }).waitFor();
  await viewportShot(page, 'fulfilment-abandon-confirm');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await confirm.waitFor({ state: 'detached' });
  await expect.poll(async () => unitsOfSet(await inventoryOf(page, token), setName)).toBe(before - 1);
  // The selection cleared: no confirm button until something is chosen again.
  expect(await page.getByRole('button', { name: /^Confirm Abandon Items/ }).count()).toBe(0);
  expect(errors).toEqual([]);
  await context.close();
});

it('orders: the list, details, a chance set waiting for its sell-out, then Won or Lost; unknown and forbidden orders', async () => {
  const { context, page } = await shopper();
  const errors = watchErrors(page);
  // A pre-order Chance set far from sold out: its order waits.
  const waiting = await productTitled(page, 'Picnic in the Woods');
  await buyWithTokens(page, waiting, 1);
  const waitingOrder = await drawnOrderId(page);
  await page.goto('/orders');
  await page.getByTestId('order-row').first().waitFor();
  await screenshot(page, 'fulfilment-orders');
  await page.getByLabel('Search orders').fill('Picnic in the Wods');
  await page.getByTestId('order-row').first().waitFor();
  const names = await page.getByTestId('order-row').locator('.order-row__name').allTextContents();
  expect(names.length).toBeGreaterThan(0);
  expect(names.every((name) => name.includes('Picnic in the Woods'))).toBe(true);
  await page.getByLabel('Search orders').fill('zzqqxxvvkk');
  await page.getByText('No orders found.').waitFor();

  await page.goto(`/order-details/${waitingOrder}`);
  await page.getByText('Waiting for the set to sell out').waitFor();
  await screenshot(page, 'fulfilment-order-waiting');

  // The last ticket of a Chance set: the lottery is drawn at once, the order shows Won or Lost.
  const lanterns = await productTitled(page, 'Lucky Lanterns');
  await buyWithTokens(page, lanterns, 1);
  const drawnOrder = await drawnOrderId(page);
  await page.goto('/orders');
  await page.locator(`a[href="/order-details/${drawnOrder}"]`).click();
  await page.waitForURL(`**/order-details/${drawnOrder}`);
  const state = page.getByTestId('lottery-state');
  await state.waitFor();
  expect(['Won', 'Lost']).toContain((await state.getByRole('heading').textContent())?.trim());
  await screenshot(page, 'fulfilment-order-lottery-result');

  await page.goto('/order-details/00000000-0000-4000-8000-000000000000');
  await page.getByText('Invalid Order Number').waitFor();
  await screenshot(page, 'fulfilment-order-invalid');
  // Another shopper's order: the API answers 403 (server tests cover who gets it); the page says so.
  await page.route('**/api/order/11111111-1111-4111-8111-111111111111', (route) =>
    route.fulfill({ status: 403, json: { message: 'Access Denied', code: 'FORBIDDEN' } }),
  );
  await page.goto('/order-details/11111111-1111-4111-8111-111111111111');
  await page.getByText('Access Denied').waitFor();
  expect(errors.filter((e) => !e.includes('403') && !e.includes('404'))).toEqual([]);
  await context.close();
});

it('the inventory: pre-order and trade rules with their messages, the status filter, the search and its empty text', async () => {
  const { context, page } = await shopper();
  const errors = watchErrors(page);
  // One in-stock unit due in 12 hours, as the inventory would answer it the day before its ship-by date.
  const dueSoon = new Date(Date.now() + 12 * 60 * 60 * 1000).toISOString();
  let dueSoonPrize = '';
  await page.route('**/api/inventory/user/demo', async (route) => {
    const response = await route.fetch();
    const inventory = (await response.json()) as Record<
      string,
      { prizeName: string; batches: { shipByDate?: string }[] }[]
    >;
    const item = Object.values(inventory)
      .flat()
      .find((i) => i.batches.some((b) => b.shipByDate));
    const batch = item!.batches.find((b) => b.shipByDate)!;
    batch.shipByDate = dueSoon;
    dueSoonPrize = item!.prizeName;
    await route.fulfill({ response, json: inventory });
  });
  await page.goto('/inventory');
  await page.getByTestId('inventory-set').first().waitFor();

  // The orders test bought a pre-order Chance set: its units cannot be shipped or collected.
  await page.getByLabel('Filter by status').selectOption('Preorder');
  const preorderBatches = page.getByTestId('inventory-batch');
  await preorderBatches.first().waitFor();
  expect(await preorderBatches.filter({ hasText: 'Instock' }).count()).toBe(0);
  await chooseAction(page, 'Ship Items');
  await page.getByText('Cannot ship pre-order items').first().waitFor();
  await screenshot(page, 'fulfilment-inventory-preorder-ship');
  await page.getByRole('group', { name: 'Inventory actions' }).getByRole('button', { name: 'Self-Collect' }).click();
  await page.getByText('Cannot self-collect pre-order items').first().waitFor();
  expect(await page.getByRole('button', { name: 'Increase' }).count()).toBe(0);

  // Trade: the unit due within a day is blocked, pre-order units are tradable.
  await chooseAction(page, 'Trade Items');
  expect(await page.getByText('Cannot trade items due within 1 day').count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Increase' }).count()).toBeGreaterThan(0);
  await page.getByLabel('Filter by status').selectOption('Instock');
  const blocked = page
    .locator(`[data-testid="inventory-prize"][data-prize-name="${dueSoonPrize}"]`)
    .getByText('Cannot trade items due within 1 day');
  await blocked.first().waitFor();
  await screenshot(page, 'fulfilment-inventory-trade');

  await page.getByLabel('Filter by status').selectOption('All');
  await page.getByLabel('Search inventory').fill('qqqzzzxxy');
  await page.getByText('No inventory items found.').waitFor();
  await screenshot(page, 'fulfilment-inventory-empty');
  expect(errors).toEqual([]);
  await context.close();
});

it('every link of the menu leads to a real screen; the profile country select; the Shipping and Delivery fee', async () => {
  const { context, page } = await shopper();
  const errors = watchErrors(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu' }).click();
  const links = await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link')
    .evaluateAll((as) => as.map((a) => [a.textContent ?? '', a.getAttribute('href') ?? '']));
  expect(links.length).toBeGreaterThanOrEqual(13);
  for (const [label, href] of links) {
    await page.goto(href!);
    await page.locator('main h1, main .info-title, h1').first().waitFor();
    expect(await page.locator('.error-page').count(), `${label} (${href})`).toBe(0);
    if (['/manage-trades', '/trading-marketplace', '/shipments', '/orders'].includes(href!))
      await screenshot(page, `fulfilment-menu${href!.replace(/\//g, '-')}`);
  }

  await page.goto('/user-profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const country = page.getByLabel('Country');
  expect(await country.inputValue()).toBe('SG');
  // Singapore is the only choice (the field stays, for the payload).
  expect(
    await country
      .locator('option')
      .evaluateAll((options) => options.map((o) => [o.getAttribute('value'), o.textContent])),
  ).toEqual([['SG', 'Singapore']]);
  await screenshot(page, 'fulfilment-profile-country');

  await page.goto('/shipping-and-delivery');
  await page.getByText('3 big + 5 small prizes').waitFor();
  expect(await page.locator('li', { hasText: '3 big + 5 small prizes' }).textContent()).toContain('$10.00');
  await screenshot(page, 'fulfilment-shipping-info-page');
  expect(errors).toEqual([]);
  await context.close();
});

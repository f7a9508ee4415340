import { expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { IMAGE_TYPE_MESSAGE, maximumQuantity } from '@kujiya/shared';
import { useShop } from './support/shop.ts';
import { newPhoneContext, screenshot } from './support/browser.ts';
import {
  demoShopper,
  dialog,
  listProducts,
  openPlay,
  productTitled,
  ticketsLeftOf,
  viewportShot,
} from './support/draw.ts';
import { chooseAction, inventoryOf, plainInStockSet } from './support/fulfilment.ts';
import type { RunningServer } from '../apps/server/src/server.ts';

// Screens a shopper trips over, on a phone (docs/rules/fulfilment.md, accounts.md): the inventory's
// search and ship-by order, the country choices, the profile picture's type.
let server: RunningServer;
let browser: Browser;

useShop((shop) => ({ server, browser } = shop));

it('inventory: the search finds a prize by its description; batches soonest ship-by first, the one due within 3 days highlighted; the other address offers Singapore only', async () => {
  const { context, page, token } = await demoShopper(browser, server.url);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const inventory = await inventoryOf(page, token);
  // A prize whose description is not in its set's name.
  const [setName, prize] = Object.entries(inventory)
    .flatMap(([name, items]) => items.map((item) => [name, item] as const))
    .find(([name, item]) => item.description && !name.toLowerCase().includes(item.description.toLowerCase()))!;

  await page.goto('/inventory');
  await page.getByTestId('inventory-set').first().waitFor();
  // Every prize's batches in ship-by order (pre-order, without a date, last).
  const dateOrders = await page
    .getByTestId('inventory-prize')
    .evaluateAll((cards) =>
      cards.map((card) =>
        Array.from(card.querySelectorAll('[data-testid="inventory-batch"] .batch-row__date')).map((d) =>
          Date.parse(d.textContent!.replace('Ship by ', '')),
        ),
      ),
    );
  for (const dates of dateOrders) expect(dates).toEqual([...dates].sort((a, b) => a - b));
  // The demo's order due in 2 days is highlighted, and only batches due within 3 days are.
  const dueSoon = page.locator('[data-testid="inventory-batch"][data-due-soon]');
  expect(await dueSoon.count()).toBeGreaterThanOrEqual(1);
  expect(await dueSoon.first().getByText('Due within 3 days').isVisible()).toBe(true);
  const soonDays = Object.values(inventory)
    .flat()
    .flatMap((item) => item.batches)
    .filter((batch) => batch.shipByDate && Date.parse(batch.shipByDate) - Date.now() <= 3 * 24 * 3600 * 1000).length;
  expect(await dueSoon.count()).toBe(soonDays);
  await dueSoon.first().scrollIntoViewIfNeeded();
  await viewportShot(page, 'inventory-due-soon');

  await page.getByLabel('Search inventory').fill(prize.description);
  const group = page.locator(`[data-testid="inventory-set"][data-set-name="${setName}"]`);
  await group.locator(`[data-testid="inventory-prize"][data-prize-name="${prize.prizeName}"]`).waitFor();
  expect(await group.getByText(prize.description).first().isVisible()).toBe(true);
  await screenshot(page, 'inventory-search-description');

  // Ship Items → the other address: Singapore is the only country offered.
  await page.getByLabel('Search inventory').fill('');
  await chooseAction(page, 'Ship Items');
  const batch = page
    .locator('[data-testid="inventory-batch"]')
    .filter({ has: page.getByRole('button', { name: 'Increase', disabled: false }) })
    .first();
  await batch.getByRole('button', { name: 'Increase' }).click();
  await page.getByRole('button', { name: /^Confirm Ship Items/ }).click();
  const arrange = dialog(page, 'Arrange Shipment');
  await arrange.getByLabel('Use another address').check();
  const country = arrange.getByLabel('Country');
  expect(
    await country
      .locator('option')
      .evaluateAll((options) => options.map((o) => [o.getAttribute('value'), o.textContent])),
  ).toEqual([['SG', 'Singapore']]);
  await viewportShot(page, 'inventory-other-address-country');
  expect(errors).toEqual([]);
  await context.close();
});

it('profile: a non-image picture is refused as soon as it is chosen, naming the accepted types, with no broken preview', async () => {
  const { context, page } = await demoShopper(browser, server.url);
  await page.goto('/user-profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const avatar = page.locator('.profile-avatar img').first();
  await avatar.waitFor();
  const before = await avatar.getAttribute('src');
  const input = page.getByLabel('Profile picture', { exact: true });
  expect(await input.getAttribute('accept')).toBe('image/svg+xml,image/png,image/jpeg,image/webp');
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
  await page.getByRole('alert').filter({ hasText: IMAGE_TYPE_MESSAGE }).waitFor();
  expect(IMAGE_TYPE_MESSAGE).toBe('Please choose an SVG, PNG, JPEG or WebP image.');
  expect(await avatar.getAttribute('src')).toBe(before);
  expect(await input.getAttribute('aria-invalid')).toBe('true');
  expect(await page.getByRole('button', { name: 'Save Changes' }).isDisabled()).toBe(true);
  await viewportShot(page, 'profile-picture-refused');

  // A real image is taken: the message goes and the preview shows it.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect.poll(() => avatar.getAttribute('src')).toMatch(/^blob:/);
  expect(await page.getByText(IMAGE_TYPE_MESSAGE).count()).toBe(0);
  await context.close();
});

it("during another shopper's buy-out hold the popup says the tickets are held, with the countdown; a Buy 3 Get 1 BUY OUT names its free tickets", async () => {
  const { context, page } = await demoShopper(browser, server.url);
  // A demo buyer starts a card buy-out of a plain set: the round is held while they pay.
  const product = await plainInStockSet(page, 2);
  const buyer = await page.request.post('/api/users/login', {
    data: { username: 'mochi_mei', password: 'DemoBuyer123!' },
  });
  const { token } = (await buyer.json()) as { token: string };
  const buyOut = await page.request.post('/api/payment/kuji/buy-out', {
    headers: { authorization: `Bearer ${token}` },
    data: { setId: product.setId, username: 'mochi_mei' },
  });
  expect(buyOut.status()).toBe(200);

  const play = await openPlay(page, product);
  const total = play.getByTestId('play-total');
  await total.getByText('The remaining tickets are held by a buy-out in progress:').waitFor();
  expect(await total.textContent()).not.toContain('sold out');
  const countdown = await play.getByTestId('play-hold-countdown').textContent();
  expect(countdown).toMatch(/^\d+:\d\d$/);
  await expect
    .poll(async () => play.getByTestId('play-hold-countdown').textContent(), { timeout: 10_000 })
    .not.toBe(countdown);
  expect(await play.getByRole('button', { name: 'BUY OUT' }).isDisabled()).toBe(true);
  await viewportShot(page, 'play-buy-out-hold');
  await play.getByRole('button', { name: 'Close' }).click();

  // Graduation Night (Buy 3 Get 1): BUY OUT pays for some of the tickets left and gets the rest free.
  const graduation = await productTitled(page, 'Graduation Night');
  const left = ticketsLeftOf(graduation);
  const paid = maximumQuantity(left, graduation.promotion);
  expect(paid).toBeLessThan(left);
  const graduationPlay = await openPlay(page, graduation);
  await graduationPlay.getByRole('button', { name: 'BUY OUT' }).click();
  const terms = dialog(page, 'Terms and Conditions');
  await terms.getByRole('checkbox').check();
  await terms.getByRole('button', { name: 'Next' }).click();
  const confirm = dialog(page, 'Confirm purchase');
  await confirm.waitFor();
  expect(await confirm.getByTestId('purchase-free-tickets').textContent()).toBe(
    `+ ${left - paid} free tickets (${left} tickets in all)`,
  );
  await viewportShot(page, 'play-buy-out-free-tickets');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await context.close();
});

it('favourites: a Favourites choice beside Filter by Anime shows the hearted sets; the tab, filter and choice are kept when coming back', async () => {
  const { context, page, token } = await demoShopper(browser, server.url);
  const products = await listProducts(page);
  const liked = products.find((p) => !p.preorder)!;
  const other = products.find((p) => !p.preorder && p.productId !== liked.productId)!;
  const added = await page.request.post(`/api/users/favorites/${liked.setId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(added.status()).toBeLessThan(300);

  await page.goto('/ichiban-kuji-products');
  await page.getByRole('tab', { name: 'All' }).waitFor();
  // The four tabs stay as they are (docs/rules/catalogue.md).
  expect(await page.getByRole('tab').allTextContents()).toEqual(['New', 'Promotions', 'Chance', 'All']);
  await page.getByRole('tab', { name: 'All' }).click();
  const favourites = page.getByRole('button', { name: 'Favourites' });
  expect(await favourites.getAttribute('aria-pressed')).toBe('false');
  const card = (p: { productId: string }) => page.locator(`.product-card[data-product-id="${p.productId}"]`);
  await card(other).first().waitFor();
  await favourites.click();
  expect(await favourites.getAttribute('aria-pressed')).toBe('true');
  await card(liked).first().waitFor();
  expect(await card(other).count()).toBe(0);
  expect(await page.locator('.product-card').count()).toBe(1);
  await viewportShot(page, 'catalogue-favourites');

  // Away and back: the All tab and the Favourites choice are as they were left.
  await page.goto('/orders');
  await page.getByRole('heading', { name: 'Orders' }).waitFor();
  await page.goBack();
  await card(liked).first().waitFor();
  expect(await page.getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('true');
  expect(await page.getByRole('button', { name: 'Favourites' }).getAttribute('aria-pressed')).toBe('true');
  expect(await card(other).count()).toBe(0);
  await context.close();

  // Signed out there is no Favourites choice.
  const guest = await newPhoneContext(browser, server.url);
  const guestPage = await guest.newPage();
  await guestPage.goto('/ichiban-kuji-products');
  await guestPage.getByLabel('Filter by Anime').waitFor();
  expect(await guestPage.getByRole('button', { name: 'Favourites' }).count()).toBe(0);
  await guest.close();
});

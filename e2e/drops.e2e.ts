import { expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { productListingSchema, toSgInputValue } from '@kujiya/shared';
import { useShop } from './support/shop.ts';
import { newPhoneContext, screenshot } from './support/browser.ts';
import { DESK, ownerContext } from './support/admin.ts';
import { logInContext } from './support/shopper.ts';
import { dialog, viewportShot } from './support/draw.ts';
import { AxeAudit } from './support/axe.ts';
import type { RunningServer } from '../apps/server/src/server.ts';

// Drop day (docs/rules/drops.md): the owner schedules a set's opening with a per-order limit on the
// add-product form; a shopper's phone shows "Opens …" with a countdown and BUY waiting, then buys at
// the opening, the picker stopping at the limit.
let server: RunningServer;
let browser: Browser;
useShop((shop) => ({ server, browser } = shop));

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120"><rect width="120" height="120" fill="#3a7bd5"/></svg>',
);
const PRODUCT = 'E2E Drop Set';

it('a scheduled set counts down on the phone, refuses before its opening, then sells within its limit', async () => {
  // The owner adds the set, opening 75 s from now (the form takes Singapore time), at most 3 per order.
  const owner = await ownerContext(browser, server.url, DESK);
  const admin = owner.page;
  const opensAt = new Date(Date.now() + 75_000);
  await admin.goto('/admin/add-product');
  await admin.getByLabel('Name', { exact: true }).first().fill(PRODUCT);
  await admin.getByLabel('SKU').fill('E2E-DROP-001');
  await admin.getByLabel('Tags (comma separated)').fill('Anime, Drops');
  await admin.getByLabel('Price (SGD)').fill('5');
  await admin.getByLabel('Token value').fill('10');
  await admin.getByLabel('Product image').setInputFiles({ name: 'set.svg', mimeType: 'image/svg+xml', buffer: SVG });
  const prize = admin.locator('fieldset.admin-prize').first();
  await prize.getByLabel('Quantity').fill('20');
  await prize.getByLabel('Description').fill('Figure');
  await prize.getByLabel('Image').setInputFiles({ name: 'a.svg', mimeType: 'image/svg+xml', buffer: SVG });
  // The minute's seconds are dropped by the input: keep the opening at least a minute ahead.
  const opening = new Date(Math.ceil(opensAt.getTime() / 60_000) * 60_000);
  await admin.getByLabel('Opens at (Singapore time)').fill(toSgInputValue(opening));
  await admin.getByLabel('Max tickets per order').fill('3');
  await screenshot(admin, 'drop-add-product-desktop');
  const audit = new AxeAudit();
  await audit.check(admin, 'add-product with the drop settings');
  await admin.getByRole('button', { name: 'Add product' }).click();
  await admin.getByText('Product and prizes added successfully!').waitFor();
  await owner.context.close();

  const listing = productListingSchema.parse(await (await fetch(`${server.url}/api/ichiban-kuji-products`)).json());
  const listed = listing.all.find((p) => p.name === PRODUCT)!;
  expect(listed).toMatchObject({ salesStartAt: opening.toISOString(), maxTicketsPerOrder: 3 });

  // The shopper's phone: the card and the play popup say when it opens and count down.
  const context = await newPhoneContext(browser, server.url);
  const page = await context.newPage();
  const { token } = await logInContext(context);
  await page.goto('/ichiban-kuji-products');
  await page.getByRole('tab', { name: 'All' }).click();
  const card = page.locator(`.product-card[data-product-id="${listed.productId}"]`).first();
  await card.scrollIntoViewIfNeeded();
  expect(await card.getByTestId('opening').textContent()).toMatch(
    /^Opens \w{3}, \d+ \w{3} \d{4}, \d+:\d\d [ap]m \(in 00:0\d:\d\d\)$/,
  );
  await viewportShot(page, 'drop-card-countdown-phone');
  await audit.check(page, 'a card before its opening');
  await card.getByRole('button', { name: 'Play' }).click();
  const play = dialog(page, PRODUCT);
  await play.waitFor();
  const buy = play.getByRole('button', { name: 'BUY', exact: true });
  expect(await buy.getAttribute('aria-disabled')).toBe('true');
  expect(await play.getByRole('button', { name: 'BUY OUT' }).getAttribute('aria-disabled')).toBe('true');
  expect(await play.getByTestId('play-limit').textContent()).toMatch(/^At most 3 tickets per order for this set\./);
  // A press is ignored (Playwright waits for an aria-disabled button, so it presses regardless).
  await buy.click({ force: true });
  expect(await dialog(page, 'Terms and Conditions').count()).toBe(0);
  await play.getByTestId('opening').scrollIntoViewIfNeeded();
  await viewportShot(page, 'drop-play-before-opening-phone');
  await audit.check(page, 'play popup before the opening, with a per-order limit');

  // The API refuses as the page does, naming the opening.
  const early = await context.request.post('/api/token/use', {
    data: { setId: listed.setId, ticketsBought: 1, username: 'demo' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(early.status()).toBe(409);
  expect(((await early.json()) as { code: string }).code).toBe('SALES_NOT_OPEN');

  // At the opening BUY turns on in place; the picker stops at 3.
  await expect.poll(() => buy.getAttribute('aria-disabled'), { timeout: 150_000, interval: 1000 }).toBeNull();
  const more = play.getByRole('button', { name: 'More tickets' });
  for (let i = 0; i < 4; i += 1) if ((await more.getAttribute('aria-disabled')) !== 'true') await more.click();
  expect(await play.getByLabel('Ticket quantity').inputValue()).toBe('3');
  await buy.click();
  const terms = dialog(page, 'Terms and Conditions');
  expect(await terms.textContent()).toContain('At most 3 tickets per order (BUY OUT included).');
  await terms.getByRole('checkbox').check();
  await terms.getByRole('button', { name: 'Next' }).click();
  await dialog(page, 'Confirm purchase').getByRole('button', { name: 'Yes' }).click();
  await page.waitForURL('**/draw');
  await context.close();
  // Accessibility (docs/architecture.md): 0 violations in every state visited.
  expect(audit.problems()).toEqual([]);
}, 240_000);

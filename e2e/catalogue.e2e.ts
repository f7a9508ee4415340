import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  buyOutPaidCount,
  isPrizeSoldOut,
  maximumQuantity,
  minimumQuantity,
  parseTicketCount,
  prizeListSchema,
  prizeFullName,
  productListingSchema,
  promotionTagText,
  type Product,
  type ProductListing,
} from '@kujiya/shared';
import { useShop } from './support/shop.ts';
import { newPhoneContext, screenshot, SCREENSHOT_DIR } from './support/browser.ts';
import type { RunningServer } from '../apps/server/src/server.ts';

// The catalogue as a shopper on a phone sees it: list, filter, tabs, play popup, prizes, retry.
let server: RunningServer;
let browser: Browser;
useShop((shop) => ({ server, browser } = shop));

const PREORDER_INFO =
  'You will receive an email notification when your preordered items have arrived and are ready to ship.';
const EMPTY_SECTION = 'There are no products in this section';

async function fetchListing(page: Page): Promise<ProductListing> {
  const response = await page.request.get('/api/ichiban-kuji-products');
  expect(response.status()).toBe(200);
  return productListingSchema.parse(await response.json());
}

/** The cards currently rendered in the tab panel, by product id. */
async function renderedProductIds(page: Page): Promise<string[]> {
  return page
    .locator('#catalogue-panel .product-card')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-product-id') ?? ''));
}

function ids(products: Product[]): string[] {
  return products.map((product) => product.productId).sort();
}

function dialogNamed(page: Page, name: string | RegExp): Locator {
  return page.getByRole('dialog', { name, exact: true });
}

/** Popups are fixed to the viewport: a viewport screenshot shows them as the shopper does. */
async function popupShot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

async function waitClosed(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'detached', timeout: 5_000 });
}

it('lists, filters, opens the play popup and guards BUY for a logged-out shopper', async () => {
  const context = await newPhoneContext(browser, server.url);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto('/ichiban-kuji-products');
  const listing = await fetchListing(page);
  expect(listing.all.length).toBeGreaterThan(0);
  await page.locator('.product-card').first().waitFor();
  await page.waitForTimeout(300);
  await screenshot(page, 'catalogue-list');

  // How to play: a banner opening a popup of instructions.
  await page.getByRole('button', { name: /How to Play/ }).click();
  const howTo = dialogNamed(page, 'How to Play');
  await howTo.waitFor();
  expect(await howTo.locator('li').count()).toBeGreaterThan(2);
  await popupShot(page, 'catalogue-how-to-play');
  await page.keyboard.press('Escape');
  await waitClosed(howTo);

  // The tabs: each shows exactly its list, split into Preorder and Instock, with empty-section text.
  const tabs = [
    ['New', listing.newProducts],
    ['Promotions', listing.promotions],
    ['Chance', listing.chance],
    ['All', listing.all],
  ] as const;
  for (const [name, products] of tabs) {
    await page.getByRole('tab', { name, exact: true }).click();
    expect(await page.getByRole('tab', { name, exact: true }).getAttribute('aria-selected')).toBe('true');
    expect((await renderedProductIds(page)).sort()).toEqual(ids(products));
    const emptySections = [products.some((p) => p.preorder), products.some((p) => !p.preorder)].filter(
      (has) => !has,
    ).length;
    expect(await page.getByText(EMPTY_SECTION, { exact: true }).count()).toBe(emptySections);
    await screenshot(page, `catalogue-tab-${name.toLowerCase()}`);
  }

  // Filter by Anime: 'All' plus the distinct first tags; the All tab then shows only that anime.
  const animeSelect = page.getByLabel('Filter by Anime');
  const options = await animeSelect.locator('option').allTextContents();
  const firstTags = [...new Set(listing.all.map((p) => p.tags[0]).filter((tag): tag is string => Boolean(tag)))];
  expect(options[0]).toBe('All');
  expect(options.slice(1).sort()).toEqual(firstTags.sort());
  const anime = options[1]!;
  await animeSelect.selectOption(anime);
  expect((await renderedProductIds(page)).sort()).toEqual(ids(listing.all.filter((p) => p.tags[0] === anime)));
  await screenshot(page, 'catalogue-filtered');
  await animeSelect.selectOption('All');
  expect((await renderedProductIds(page)).sort()).toEqual(ids(listing.all));

  // The Preorder info popup.
  await page.getByRole('button', { name: 'About preorders' }).click();
  const preorderInfo = dialogNamed(page, 'Preorder');
  await expect(preorderInfo.getByText(PREORDER_INFO, { exact: true }).isVisible()).resolves.toBe(true);
  await preorderInfo.getByRole('button', { name: 'OK' }).click();
  await waitClosed(preorderInfo);

  // The card centred in its row is active; scrolling to the next card moves the highlight.
  const instockRow = page.locator('.product-row', { has: page.getByRole('heading', { name: 'Instock' }) });
  const instockCards = instockRow.locator('.product-card');
  if ((await instockCards.count()) > 1) {
    await expect.poll(() => instockCards.nth(0).getAttribute('data-active')).toBe('true');
    await instockCards.nth(1).evaluate((card) => card.scrollIntoView({ inline: 'center', block: 'nearest' }));
    await expect.poll(() => instockCards.nth(1).getAttribute('data-active')).toBe('true');
    expect(await instockCards.nth(0).getAttribute('data-active')).toBe('false');
  }

  // Card texts per kind.
  for (const product of listing.all) {
    const tag = promotionTagText(product);
    const card = page.locator(`.product-card[data-product-id="${product.productId}"]`);
    if (tag) expect(await card.locator('.product-card__ribbon').textContent()).toBe(tag);
    const { left, total } = parseTicketCount(product.quantity);
    expect(await card.locator('.product-card__tag').textContent()).toContain(`${left}/${total} left`);
  }

  // The favourite heart needs a login.
  await page
    .locator('.product-card')
    .first()
    .getByRole('button', { name: /^Favourite / })
    .click();
  const loginHeart = dialogNamed(page, 'Please login first!');
  await loginHeart.waitFor();
  await loginHeart.getByRole('button', { name: 'OK' }).click();
  await waitClosed(loginHeart);

  // A Buy X Get Y set: its info popup first, then the play popup.
  const promo = listing.all.find(
    (p) => p.promotion?.type === 'BUY_X_GET_Y_FREE' && parseTicketCount(p.quantity).left > 0,
  );
  expect(promo, 'demo data has a Buy X Get Y set with tickets left').toBeDefined();
  const promoCard = page.locator(`.product-card[data-product-id="${promo!.productId}"]`);
  await promoCard.scrollIntoViewIfNeeded();
  await promoCard.getByRole('button', { name: 'Play' }).click();
  const info = dialogNamed(page, promotionTagText(promo!)!);
  await info.waitFor();
  expect(await page.getByRole('dialog', { name: promo!.name }).count()).toBe(0);
  await popupShot(page, 'catalogue-promotion-info');
  await info.getByRole('button', { name: 'Got it!' }).click();
  await waitClosed(info);

  const play = dialogNamed(page, promo!.name);
  await play.waitFor();
  await play.locator('.prize-card').first().waitFor();
  await page.waitForTimeout(300);
  await popupShot(page, 'catalogue-play');
  await expect(play.getByText(promo!.preorder ? 'PRE-ORDER' : 'INSTOCK', { exact: true }).isVisible()).resolves.toBe(
    true,
  );
  const doubleChance = `Double Chance: ${promo!.doubleChance ? 'Available' : 'Not Available'}`;
  await expect(play.getByText(doubleChance, { exact: true }).isVisible()).resolves.toBe(true);
  await expect(play.getByText('Fairness commitment').isVisible()).resolves.toBe(true);
  expect(await play.locator('.play__commitment').first().textContent()).toBe(promo!.commitment);
  expect(await play.getByRole('link', { name: /fair/i }).getAttribute('href')).toBe(`/fairness/${promo!.setId}`);
  await play.locator('.play__fairness').scrollIntoViewIfNeeded();
  await popupShot(page, 'catalogue-play-prizes');
  await play.locator('.play__buy').scrollIntoViewIfNeeded();

  // Quantity: digits only while typing, clamped on blur, minus and plus stop at the limits.
  const left = parseTicketCount(promo!.quantity).left;
  const min = minimumQuantity(promo!.promotion);
  const max = maximumQuantity(left, promo!.promotion);
  const deal = promo!.promotion;
  if (deal?.type !== 'BUY_X_GET_Y_FREE') throw new Error('expected a Buy X Get Y set');
  expect(max).toBe(buyOutPaidCount(left, deal.details.requiredQuantity, deal.details.freeQuantity));
  const input = play.getByLabel('Ticket quantity');
  const minus = play.getByRole('button', { name: 'Fewer tickets' });
  const plus = play.getByRole('button', { name: 'More tickets' });
  expect(await input.inputValue()).toBe(String(min));
  expect(await minus.isDisabled()).toBe(true);
  await input.fill('');
  await input.pressSequentially('9x9-9');
  expect(await input.inputValue()).toBe('999');
  await input.blur();
  expect(await input.inputValue()).toBe(String(max));
  expect(await plus.isDisabled()).toBe(true);
  await popupShot(page, 'catalogue-quantity-max');
  await input.fill('0');
  await input.blur();
  expect(await input.inputValue()).toBe(String(min));
  if (max > min) {
    await plus.click();
    expect(await input.inputValue()).toBe(String(min + 1));
    await minus.click();
    expect(await input.inputValue()).toBe(String(min));
    expect(await minus.isDisabled()).toBe(true);
  }

  // Prizes: the row matches the API, sold-out overlays, and the full-size popup.
  const prizeResponse = await page.request.get(`/api/prizes/${promo!.setId}/${promo!.productId}`);
  const prizes = prizeListSchema.parse(await prizeResponse.json());
  expect(await play.locator('.prize-card').count()).toBe(prizes.length);
  expect(await play.locator('.prize-card[data-sold-out="true"]').count()).toBe(
    prizes.filter((prize) => isPrizeSoldOut(prize.quantity)).length,
  );
  const firstPrize = prizes[0]!;
  await play.locator('.prize-card').first().locator('.prize-card__image').click();
  const zoom = dialogNamed(page, prizeFullName(firstPrize));
  await zoom.waitFor();
  expect(prizeFullName(firstPrize)).toMatch(/^Prize [A-Z] \(/);
  await page.waitForTimeout(250);
  await popupShot(page, 'catalogue-prize-popup');
  await page.keyboard.press('Escape');
  await waitClosed(zoom);
  // Escape closed only the prize popup; the play popup stays.
  expect(await play.isVisible()).toBe(true);

  // The Last Prize popup uses its own name.
  const lastPrize = prizes.find((prize) => prize.rank === 'LAST');
  if (lastPrize) {
    await play.getByRole('button', { name: `View Last Prize (${lastPrize.description})` }).click();
    const lastZoom = dialogNamed(page, `Last Prize (${lastPrize.description})`);
    await lastZoom.waitFor();
    await lastZoom.getByRole('button', { name: 'Close' }).click();
    await waitClosed(lastZoom);
  }

  // BUY and BUY OUT while logged out: the login reminder.
  await play.getByRole('button', { name: 'BUY', exact: true }).click();
  const loginRequired = dialogNamed(page, 'Please login first!');
  await loginRequired.waitFor();
  await popupShot(page, 'catalogue-login-required');
  await loginRequired.getByRole('button', { name: 'OK' }).click();
  await waitClosed(loginRequired);
  await play.getByRole('button', { name: 'BUY OUT', exact: true }).click();
  await dialogNamed(page, 'Please login first!').waitFor();
  await page.keyboard.press('Escape');
  await waitClosed(dialogNamed(page, 'Please login first!'));
  await page.keyboard.press('Escape');
  await waitClosed(play);

  // A Challenge set starts at its minimum quantity.
  const challenge = listing.all.find((p) => p.promotion?.type === 'CHALLENGE' && parseTicketCount(p.quantity).left > 0);
  if (challenge) {
    await page.getByRole('tab', { name: 'All', exact: true }).click();
    const card = page.locator(`.product-card[data-product-id="${challenge.productId}"]`);
    await card.scrollIntoViewIfNeeded();
    await card.getByRole('button', { name: 'Play' }).click();
    await dialogNamed(page, promotionTagText(challenge)!).getByRole('button', { name: 'Got it!' }).click();
    const challengePlay = dialogNamed(page, challenge.name);
    await challengePlay.waitFor();
    expect(await challengePlay.getByLabel('Ticket quantity').inputValue()).toBe(
      String(minimumQuantity(challenge.promotion)),
    );
    await popupShot(page, 'catalogue-play-challenge');
    await page.keyboard.press('Escape');
    await waitClosed(challengePlay);
  }

  // A sold-out set: BUY and BUY OUT are disabled.
  const soldOut = listing.all.find((p) => parseTicketCount(p.quantity).left <= 0);
  if (soldOut) {
    const card = page.locator(`.product-card[data-product-id="${soldOut.productId}"]`);
    await card.scrollIntoViewIfNeeded();
    await card.getByRole('button', { name: 'Play' }).click();
    const soldOutTag = promotionTagText(soldOut);
    if (soldOutTag) await dialogNamed(page, soldOutTag).getByRole('button', { name: 'Got it!' }).click();
    const soldOutPlay = dialogNamed(page, soldOut.name);
    await soldOutPlay.waitFor();
    expect(await soldOutPlay.getByRole('button', { name: 'BUY', exact: true }).isDisabled()).toBe(true);
    expect(await soldOutPlay.getByRole('button', { name: 'BUY OUT', exact: true }).isDisabled()).toBe(true);
    await popupShot(page, 'catalogue-play-sold-out');
    await page.keyboard.press('Escape');
    await waitClosed(soldOutPlay);
  }

  // Try Again on /results stores the set as retryProduct: the list reopens its play popup once.
  await page.evaluate((product) => sessionStorage.setItem('retryProduct', JSON.stringify(product)), promo!);
  await page.reload();
  const retried = dialogNamed(page, promo!.name);
  await retried.waitFor();
  expect(await page.getByRole('button', { name: 'Got it!' }).count()).toBe(0);
  expect(await page.evaluate(() => sessionStorage.getItem('retryProduct'))).toBeNull();
  await retried.locator('.prize-card').first().waitFor();
  await popupShot(page, 'catalogue-retry');
  await page.keyboard.press('Escape');
  await waitClosed(retried);
  await page.reload();
  await page.locator('.product-card').first().waitFor();
  await page.waitForTimeout(300);
  expect(await page.getByRole('dialog').count()).toBe(0);

  expect(errors).toEqual([]);
  await context.close();
});

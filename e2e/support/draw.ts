import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  parseTicketCount,
  productListingSchema,
  promotionTagText,
  tokenBalanceResponseSchema,
  type Product,
} from '@kujiya/shared';
import { newPhoneContext, SCREENSHOT_DIR } from './browser.ts';
import { logInContext } from './shopper.ts';

/** Helpers of the draw-experience browser tests: buying with tokens and the ticket popup. */

export const TEAR_PROMPT = 'Slide from left to right or press the button below to tear open the ticket';

export interface Shopper {
  context: BrowserContext;
  page: Page;
  token: string;
  userId: string;
}

/** The demo shopper logged in, in a fresh phone-sized (390x844) context. */
export async function demoShopper(browser: Browser, baseURL: string): Promise<Shopper> {
  const context = await newPhoneContext(browser, baseURL);
  const page = await context.newPage();
  const { token, userId } = await logInContext(context);
  return { context, page, token, userId };
}

export async function listProducts(page: Page): Promise<Product[]> {
  return productListingSchema.parse(await (await page.request.get('/api/ichiban-kuji-products')).json()).all;
}

export const ticketsLeftOf = (product: Product) => parseTicketCount(product.quantity).left;

/** A demo set by its title (the listed name is 'Series: Title'). */
export async function productTitled(page: Page, title: string): Promise<Product> {
  const product = (await listProducts(page)).find((p) => p.name === title || p.name.endsWith(`: ${title}`));
  if (!product) throw new Error(`The demo data has no set titled ${title}`);
  return product;
}

export const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name, exact: true });

/** The Your Ticket popup of /draw. */
export const ticketPopup = (page: Page) => dialog(page, 'Your Ticket');

/** The shopper's unexpired token balance (GET /api/token/balance). */
export async function tokenBalance(page: Page, token: string): Promise<number> {
  const response = await page.request.get('/api/token/balance', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return tokenBalanceResponseSchema.parse(await response.json()).totalTokens;
}

/** A screenshot of what the phone shows (not the full page): the popups are fixed to the viewport. */
export async function viewportShot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/** Play on the set's card; a promotion or Chance set shows its info popup first ('Got it!'). */
export async function openPlay(page: Page, product: Product): Promise<Locator> {
  await page.goto('/ichiban-kuji-products');
  await page.getByRole('tab', { name: 'All' }).click();
  const card = page.locator(`.product-card[data-product-id="${product.productId}"]`).first();
  await card.scrollIntoViewIfNeeded();
  await card.getByRole('button', { name: 'Play' }).click();
  const infoTitle = promotionTagText(product);
  if (infoTitle) await dialog(page, infoTitle).getByRole('button', { name: 'Got it!' }).click();
  const play = dialog(page, product.name);
  await play.waitFor();
  return play;
}

/** BUY `quantity` tickets with tokens from the play popup (terms, confirm) and land on /draw. */
export async function buyWithTokens(page: Page, product: Product, quantity: number): Promise<void> {
  const play = await openPlay(page, product);
  const input = play.getByLabel('Ticket quantity');
  await input.fill(String(quantity));
  await input.blur();
  expect(await input.inputValue()).toBe(String(quantity));
  await play.getByRole('button', { name: 'BUY', exact: true }).click();
  const terms = dialog(page, 'Terms and Conditions');
  await terms.getByRole('checkbox').check();
  await terms.getByRole('button', { name: 'Next' }).click();
  const confirm = dialog(page, 'Confirm purchase');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await page.waitForURL('**/draw');
}

/** The order id /draw is drawing (from the stored order state). */
export async function drawnOrderId(page: Page): Promise<string> {
  return page.evaluate(() => (JSON.parse(sessionStorage.getItem('orderState')!) as { orderId: string }).orderId);
}

/** The ranks the server decided for an order, in draw order (GET /api/order/get-prizes). */
export async function decidedPrizes(page: Page, token: string, orderId: string): Promise<string[]> {
  const response = await page.request.get(`/api/order/get-prizes/${orderId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { selectedPrizes: string[] }).selectedPrizes;
}

/**
 * On /draw: waits until Draw can be pressed. The poll's own default (1 s) was too short for the page
 * to load the order on CI's loaded 2-core machine (it failed there once); 15 s as the other page waits.
 */
export async function waitDrawReady(page: Page): Promise<void> {
  await expect
    .poll(() => page.getByRole('button', { name: 'Draw', exact: true }).isEnabled(), { timeout: 15_000 })
    .toBe(true);
}

/** Presses Draw (or Draw Next Ticket in an open popup) and answers the sealed ticket popup. */
export async function drawTicket(page: Page, from: 'draw' | 'next'): Promise<Locator> {
  if (from === 'draw') await page.getByRole('button', { name: 'Draw', exact: true }).click();
  else await ticketPopup(page).getByRole('button', { name: 'Draw Next Ticket' }).click();
  const popup = ticketPopup(page);
  await popup.getByText(TEAR_PROMPT).waitFor();
  return popup;
}

/** Open Ticket, then waits for the revealed prize. */
export async function tearByButton(popup: Locator): Promise<void> {
  await popup.getByRole('button', { name: 'Open Ticket' }).click();
  await popup.getByTestId('ticket-reveal').waitFor();
}

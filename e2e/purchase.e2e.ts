import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  buyOutPaidCount,
  fairnessRoundSchema,
  dollarsToCents,
  formatCents,
  parseTicketCount,
  productListingSchema,
  type Product,
} from '@kujiya/shared';
import { useShop } from './support/shop.ts';
import { DEMO_SHOPPER, logInContext } from './support/shopper.ts';
import { newPhoneContext, screenshot, SCREENSHOT_DIR } from './support/browser.ts';
import type { RunningServer } from '../apps/server/src/server.ts';

// Buying tickets on a phone (docs/rules/buying.md): tokens → /draw, not enough tokens → card (4242) → /draw,
// a declined card, and a card buy-out whose hold another browser sees as the 423 popup.
let server: RunningServer;
let browser: Browser;
const HOLD_TEXT =
  /^Buying out in progress\. Please wait (\d+) seconds and refresh your page to purchase with the updated odds\.$/;

useShop((shop) => ({ server, browser } = shop));

/** A phone context logged in as the demo shopper. */
async function shopper(): Promise<{ context: BrowserContext; page: Page; token: string }> {
  const context = await newPhoneContext(browser, server.url);
  const page = await context.newPage();
  const { token } = await logInContext(context);
  return { context, page, token };
}

async function balance(page: Page, token: string): Promise<number> {
  const response = await page.request.get('/api/token/balance', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { totalTokens: number }).totalTokens;
}

async function products(page: Page): Promise<Product[]> {
  const response = await page.request.get('/api/ichiban-kuji-products');
  return productListingSchema.parse(await response.json()).all;
}

const left = (product: Product) => parseTicketCount(product.quantity).left;
const plain = (product: Product) =>
  !product.lottery.enabled && product.promotion === null && product.holdTimeLeft === 0;

/** Popups are fixed to the viewport: a viewport screenshot shows them as the shopper does. */
async function popupShot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.waitForTimeout(300); // the popup's 180 ms fade-in
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name, exact: true });

/** Opens the play popup of a plain set from the All tab. */
async function openPlay(page: Page, product: Product): Promise<Locator> {
  await page.goto('/ichiban-kuji-products');
  await page.getByRole('tab', { name: 'All' }).click();
  const card = page.locator(`.product-card[data-product-id="${product.productId}"]`).first();
  await card.scrollIntoViewIfNeeded();
  await card.getByRole('button', { name: 'Play' }).click();
  const play = dialog(page, product.name);
  await play.waitFor();
  return play;
}

async function setQuantity(play: Locator, quantity: number) {
  const input = play.getByLabel('Ticket quantity');
  await input.fill(String(quantity));
  await input.blur();
  expect(await input.inputValue()).toBe(String(quantity));
}

/** BUY or BUY OUT → terms (Next needs the checkbox) → Next. */
async function acceptTerms(page: Page, play: Locator, button: 'BUY' | 'BUY OUT') {
  await play.getByRole('button', { name: button, exact: true }).click();
  const terms = dialog(page, 'Terms and Conditions');
  await terms.waitFor();
  const next = terms.getByRole('button', { name: 'Next' });
  expect(await next.isDisabled()).toBe(true);
  await terms.getByRole('checkbox').check();
  await next.click();
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

/**
 * On /draw (whose animation is its own feature): the page shows the set, the order state names the
 * order, and the order's decided prizes are its letter tickets plus any Last Prize (final ticket).
 */
async function drawnPrizes(
  page: Page,
  token: string,
  product: Product,
): Promise<{ tickets: number; lastPrizes: number }> {
  await page.waitForURL('**/draw');
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  const state = await page.evaluate(
    () =>
      JSON.parse(sessionStorage.getItem('orderState') ?? 'null') as {
        orderId: string;
        selectedProduct: { setId: string };
      },
  );
  expect(state.selectedProduct.setId).toBe(product.setId);
  let prizes: string[] = [];
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/order/get-prizes/${state.orderId}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        prizes = response.ok() ? ((await response.json()) as { selectedPrizes: string[] }).selectedPrizes : [];
        return prizes.length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  return {
    tickets: prizes.filter((rank) => rank !== 'LAST').length,
    lastPrizes: prizes.filter((rank) => rank === 'LAST').length,
  };
}

it("buys 2 tickets with tokens using the shopper's own client seed, then reveals them on /draw", async () => {
  const { context, page, token } = await shopper();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const product = (await products(page))
    .filter((p) => plain(p) && !p.preorder && left(p) >= 5)
    .sort((a, b) => a.token - b.token)[0]!;
  const before = await balance(page, token);
  expect(before).toBeGreaterThanOrEqual(product.token * 2);

  const play = await openPlay(page, product);
  // The client seed: random by default, the shopper may set their own.
  await play.getByText('Your client seed:').click();
  expect(await play.getByTestId('client-seed').textContent()).toMatch(/^[0-9a-f]{32}$/);
  await play.getByLabel('Set your own client seed').fill('my-lucky-seed-e2e');
  await play.getByRole('button', { name: 'Save seed' }).click();
  expect(await play.getByTestId('client-seed').textContent()).toBe('my-lucky-seed-e2e');
  await popupShot(page, 'purchase-play-popup');

  await setQuantity(play, 2);
  await acceptTerms(page, play, 'BUY');
  const confirm = dialog(page, 'Confirm purchase');
  await confirm.waitFor();
  expect(
    await confirm.getByText(`Are you sure you want to use ${product.token * 2} for this purchase?`).isVisible(),
  ).toBe(true);
  await popupShot(page, 'purchase-token-confirm');
  await confirm.getByRole('button', { name: 'Yes' }).click();

  expect(await drawnPrizes(page, token, product)).toEqual({ tickets: 2, lastPrizes: 0 });
  await screenshot(page, 'purchase-draw');
  expect(await balance(page, token)).toBe(before - product.token * 2);
  const orderState = await page.evaluate(
    () => JSON.parse(sessionStorage.getItem('orderState') ?? 'null') as { ticketsBought: number },
  );
  expect(orderState.ticketsBought).toBe(2);

  // Both tickets are in the round's public log under the shopper's seed.
  const fairness = fairnessRoundSchema.parse(await (await page.request.get(`/api/fairness/${product.setId}`)).json());
  expect(fairness.log.filter((entry) => entry.clientSeed === 'my-lucky-seed-e2e')).toHaveLength(2);
  expect(errors).toEqual([]);
  await context.close();
});

it('not enough tokens → Other Payments → /kuji-payment; a declined card, then 4242 → Payment Successful! → /draw', async () => {
  const { context, page, token } = await shopper();
  const tokens = await balance(page, token);
  // The fewest tickets the balance cannot cover, on a plain set that has them.
  const product = (await products(page))
    .filter((p) => plain(p) && p.token * left(p) > tokens + p.token)
    .sort((a, b) => b.token - a.token)[0]!;
  const quantity = Math.floor(tokens / product.token) + 1;

  const play = await openPlay(page, product);
  await setQuantity(play, quantity);
  await acceptTerms(page, play, 'BUY');
  const notEnough = dialog(page, 'Not enough tokens');
  await notEnough.waitFor();
  expect(await notEnough.getByTestId('tokens-needed').textContent()).toBe(String(product.token * quantity - tokens));
  expect(await notEnough.getByRole('button', { name: 'Top Up' }).isVisible()).toBe(true);
  await popupShot(page, 'purchase-not-enough');
  await notEnough.getByRole('button', { name: 'Other Payments' }).click();

  await page.waitForURL('**/kuji-payment');
  await page.getByLabel('Card number').waitFor();
  expect(await page.getByText(product.name).isVisible()).toBe(true);
  expect(await page.getByTestId('payment-ticket-count').textContent()).toContain(`${quantity} tickets`);
  await expect
    .poll(() => page.getByTestId('payment-total').textContent())
    .toBe(formatCents(dollarsToCents(product.price) * quantity));
  const first = await page.getByTestId('reservation-countdown').textContent();
  expect(first).toMatch(/Tickets reserved for (10:00|9:[0-5]\d)/);
  await page.waitForTimeout(1_500);
  expect(await page.getByTestId('reservation-countdown').textContent()).not.toBe(first);
  await screenshot(page, 'purchase-kuji-payment');

  // Declined: the card's message, still on the page, Pay usable again, nothing bought.
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
  expect(page.url()).toContain('/kuji-payment');
  expect(await page.getByRole('button', { name: 'Pay', exact: true }).isEnabled()).toBe(true);
  await screenshot(page, 'purchase-declined');

  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  const success = dialog(page, 'Payment Successful!');
  await success.waitFor({ timeout: 20_000 });
  // On success the payment page goes to /draw, which shows the popup.
  expect(new URL(page.url()).pathname).toBe('/draw');
  await popupShot(page, 'purchase-payment-successful');
  await success.getByRole('button', { name: 'Continue' }).click();
  expect((await drawnPrizes(page, token, product)).tickets).toBe(quantity);
  expect(await balance(page, token)).toBe(tokens); // paid by card: no tokens spent
  await context.close();
});

it('a card buy-out holds the round: another browser gets the 423 countdown popup, the buyer pays and draws', async () => {
  const buyer = await shopper();
  const other = await shopper();
  const tokens = await balance(buyer.page, buyer.token);
  const product = (await products(buyer.page)).find((p) => plain(p) && left(p) > 0 && p.token * left(p) > tokens)!;
  const paid = buyOutPaidCount(left(product), 1, 0);

  // The other shopper has the play popup open before the buy-out starts, and its live socket hears
  // nothing (a phone between networks): with the live board its BUY would turn off by itself
  // (e2e/drop-board.e2e.ts), so the server's 423 is what tells it here.
  await other.page.routeWebSocket(/\/ws$/, () => undefined);
  const otherPlay = await openPlay(other.page, product);

  const play = await openPlay(buyer.page, product);
  await acceptTerms(buyer.page, play, 'BUY OUT');
  const notEnough = dialog(buyer.page, 'Not enough tokens');
  await notEnough.waitFor();
  expect(await notEnough.getByTestId('tokens-needed').textContent()).toBe(String(product.token * paid - tokens));
  await notEnough.getByRole('button', { name: 'Other Payments' }).click();
  await buyer.page.waitForURL('**/kuji-payment');
  expect(await buyer.page.getByTestId('payment-ticket-count').textContent()).toContain(`${left(product)} tickets`);
  expect(await buyer.page.getByText('Buy out').isVisible()).toBe(true);

  // The other shopper tries to buy one ticket with tokens: 423 → the hold popup, ticking down.
  await acceptTerms(other.page, otherPlay, 'BUY');
  await dialog(other.page, 'Confirm purchase').getByRole('button', { name: 'Yes' }).click();
  const hold = dialog(other.page, 'Please wait');
  await hold.waitFor();
  const message = hold.getByTestId('hold-message');
  const firstText = (await message.textContent())!;
  const firstSeconds = Number(HOLD_TEXT.exec(firstText)![1]);
  expect(firstSeconds).toBeGreaterThan(0);
  await expect
    .poll(async () => Number(HOLD_TEXT.exec((await message.textContent())!)?.[1]), { timeout: 5_000 })
    .toBeLessThan(firstSeconds);
  await popupShot(other.page, 'purchase-hold');
  await hold.getByRole('button', { name: 'OK' }).click();
  expect(await otherPlay.getByRole('button', { name: 'BUY', exact: true }).isDisabled()).toBe(true);
  expect(await otherPlay.getByRole('button', { name: 'BUY OUT', exact: true }).isDisabled()).toBe(true);
  await popupShot(other.page, 'purchase-hold-play-disabled');

  // The buyer pays and draws every ticket left.
  await fillCard(buyer.page, '4242 4242 4242 4242');
  await buyer.page.getByRole('button', { name: 'Pay', exact: true }).click();
  await dialog(buyer.page, 'Payment Successful!').getByRole('button', { name: 'Continue' }).click({ timeout: 20_000 });
  // Every ticket left, plus the Last Prize for drawing the round's final ticket (docs/rules/catalogue.md).
  expect(await drawnPrizes(buyer.page, buyer.token, product)).toEqual({ tickets: left(product), lastPrizes: 1 });
  await screenshot(buyer.page, 'purchase-buy-out-draw');
  const after = (await products(buyer.page)).find((p) => p.productId === product.productId);
  expect(after === undefined || left(after) === 0 || after.setId !== product.setId).toBe(true);
  await buyer.context.close();
  await other.context.close();
});

it('a 403 from a purchase shows the login reminder', async () => {
  const { context, page } = await shopper();
  const product = (await products(page)).find((p) => plain(p) && left(p) > 0)!;
  const play = await openPlay(page, product);
  // The session looks valid in the browser but the server no longer accepts it.
  await page.route('**/api/token/balance', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: '{"message":"Please login first.","code":"LOGIN_REQUIRED"}',
    }),
  );
  await acceptTerms(page, play, 'BUY');
  const reminder = dialog(page, 'Please login first.');
  await reminder.waitFor();
  expect(await reminder.getByRole('button', { name: 'Login' }).isVisible()).toBe(true);
  // Login and Close: one button of each name.
  expect(await reminder.getByRole('button', { name: 'Close' }).count()).toBe(1);
  await popupShot(page, 'purchase-login-reminder');
  await context.close();
});

it('a checkout replaced by a newer one of the same set says so on its payment page and cannot be paid', async () => {
  const { context, page, token } = await shopper();
  const product = (await products(page)).filter((p) => plain(p) && left(p) >= 4).at(-1)!;
  const auth = { authorization: `Bearer ${token}` };
  const checkout = async (ticketsBought: number) => {
    const response = await page.request.post('/api/payment/kuji/create-intent', {
      headers: auth,
      data: { username: DEMO_SHOPPER.username, setId: product.setId, ticketsBought },
    });
    expect(response.status()).toBe(200);
    return (await response.json()) as { clientSecret: string; orderId: string };
  };
  // The first checkout's payment page is open (as after Other Payments).
  const first = await checkout(2);
  await page.goto('/');
  await page.evaluate((state) => sessionStorage.setItem('paymentState', JSON.stringify(state)), {
    kind: 'kuji',
    clientSecret: first.clientSecret,
    orderId: first.orderId,
    ticketsBought: 2,
    selectedProduct: product,
    buyOut: false,
  });
  await page.goto('/kuji-payment');
  await page.getByTestId('reservation-countdown').waitFor();

  // Meanwhile a newer checkout of the set (another tab): Pay on the old page says it was replaced.
  await checkout(1);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  const replaced = page.getByTestId('checkout-replaced');
  await replaced.waitFor();
  expect(await replaced.textContent()).toBe(
    'This checkout was replaced by your newer checkout of this set, so it was cancelled and can no longer be paid. Its tickets are no longer reserved.',
  );
  expect(await page.getByTestId('reservation-countdown').count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Pay', exact: true }).isDisabled()).toBe(true);
  await screenshot(page, 'purchase-checkout-replaced');
  // Opened again, it says so at once; the order holds nothing and is cancelled.
  await page.reload();
  await replaced.waitFor();
  const reservation = await page.request.get(`/api/order/${first.orderId}/reservation`, { headers: auth });
  expect(await reservation.json()).toEqual({ expiresAt: null });
  await context.close();
});

it('a card checkout refused by a holding bound shows the server text (the cool-down names when to try again)', async () => {
  const { context, page, token } = await shopper();
  const tokens = await balance(page, token);
  const product = (await products(page)).filter((p) => plain(p) && p.token * left(p) > tokens + p.token)[0]!;
  const text =
    'You let 2 checkouts of this set lapse unpaid, so you can reserve its tickets again at 9:15 pm (Singapore time), in 30 minutes. Buying with tokens is not affected.';
  await page.route('**/api/payment/kuji/create-intent', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      headers: { 'retry-after': '1800' },
      body: JSON.stringify({ message: text, code: 'RATE_LIMITED', retryAt: new Date().toISOString() }),
    }),
  );
  const play = await openPlay(page, product);
  await setQuantity(play, Math.floor(tokens / product.token) + 1);
  await acceptTerms(page, play, 'BUY');
  await dialog(page, 'Not enough tokens').getByRole('button', { name: 'Other Payments' }).click();
  await page.getByText(text).waitFor();
  await popupShot(page, 'purchase-cooled-down');
  await context.close();
});

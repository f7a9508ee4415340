import { insertTestShopper } from '../apps/server/src/modules/accounts/test-helpers.ts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { useShop } from './support/shop.ts';
import { logInContext } from './support/shopper.ts';
import { newPhoneContext, screenshot } from './support/browser.ts';
import type { RunningServer } from '../apps/server/src/server.ts';

// Tokens on a phone: buying a package through the test gateway (4242 succeeds, 0002 is declined),
// a promo code's bonus, the wallet page and the balance in the navigation bar.
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Every request the page made to Stripe's hosts: none while the built-in test gateway runs. */
const stripeRequests: string[] = [];

useShop((shop) => ({ server, browser } = shop));
beforeAll(async () => {
  context = await newPhoneContext(browser, server.url);
  page = await context.newPage();
  page.on('request', (request) => {
    if (/(^|\.)stripe\.(com|network)$/.test(new URL(request.url()).hostname)) stripeRequests.push(request.url());
  });
  await logInContext(context);
});
afterAll(async () => {
  await context?.close();
});

const balanceLink = () => page.getByTestId('token-balance');
async function navBalance(): Promise<number> {
  await expect.poll(async () => (await balanceLink().textContent())?.trim(), { timeout: 10_000 }).toMatch(/^[\d,]+$/);
  return Number((await balanceLink().textContent())!.replace(/\D/g, ''));
}
async function apiBalance(): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get('/api/token/balance', { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { totalTokens: number }).totalTokens;
}

/** From /purchase-tokens through the terms popup to /token-payment for the named package. */
async function startPurchase(packageName: string) {
  await page.goto('/purchase-tokens');
  const card = page.getByRole('article', { name: packageName });
  await card.getByRole('button', { name: 'Purchase' }).click();
  const terms = page.getByRole('dialog', { name: 'Before you buy' });
  await terms.waitFor();
  const next = terms.getByRole('button', { name: 'Next' });
  expect(await next.isDisabled()).toBe(true);
  await terms.getByRole('checkbox').check();
  await next.click();
  await page.waitForURL('**/token-payment');
  await page.getByLabel('Card number').waitFor();
}

async function fillCard(number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

it('shows the packages with prices, struck original prices and percent off, and the terms popup', async () => {
  await page.goto('/purchase-tokens');
  await page.getByRole('article', { name: 'Lucky Bag' }).waitFor();
  const lucky = page.getByRole('article', { name: 'Lucky Bag' });
  expect(await lucky.textContent()).toContain('550 Tokens');
  expect(await lucky.textContent()).toContain('$50.00');
  expect(await lucky.locator('s').textContent()).toBe('$55.00');
  expect(await lucky.textContent()).toContain('9% OFF');
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Save up to 23%');
  await screenshot(page, 'tokens-purchase');

  await lucky.getByRole('button', { name: 'Purchase' }).click();
  const terms = page.getByRole('dialog', { name: 'Before you buy' });
  await terms.waitFor();
  expect(await terms.getByRole('link', { name: 'Terms and Conditions' }).getAttribute('href')).toBe(
    '/terms-and-conditions',
  );
  await screenshot(page, 'tokens-terms');
  await terms.getByRole('button', { name: 'Cancel' }).click();
  await terms.waitFor({ state: 'detached' });
});

it('buys a package with 4242: processing, then /tokens, and the balance rises', async () => {
  await page.goto('/tokens');
  const before = await navBalance();
  expect(before).toBeGreaterThan(0); // the demo shopper starts with tokens (some already spent on the demo orders)
  await screenshot(page, 'tokens-wallet-before');

  await startPurchase('Starter Pouch');
  expect(await page.getByTestId('payment-token-amount').textContent()).toContain('100 Tokens');
  expect(await page.getByText('$10.00').isVisible()).toBe(true);
  expect(await page.getByText('Test gateway').isVisible()).toBe(true);
  // The test gateway's form is ours alone: Stripe.js is neither on the page nor fetched.
  expect(await page.locator('script[src*="stripe"]').count()).toBe(0);
  await screenshot(page, 'tokens-payment');
  await fillCard('4242 4242 4242 4242');
  // Hold the first status poll as not yet succeeded, to see the processing overlay.
  let polls = 0;
  await page.route('**/api/token/payment-status/**', async (route) => {
    if (polls++ === 0) return route.fulfill({ json: { paymentStatus: 'requires_payment_method' } });
    return route.continue();
  });
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.getByText('Processing your payment...').waitFor();
  await screenshot(page, 'tokens-processing');
  await page.waitForURL('**/tokens', { timeout: 15_000 });
  expect(polls).toBeGreaterThanOrEqual(2); // polled again (every 2 s) until succeeded
  await page.unroute('**/api/token/payment-status/**');
  await page.getByRole('heading', { name: 'Active Tokens' }).waitFor();
  await expect.poll(navBalance, { timeout: 10_000 }).toBe(before + 100);
  expect(await apiBalance()).toBe(before + 100);
  const active = page.locator('.lot').filter({ hasText: '100 Tokens' });
  expect(await active.textContent()).toMatch(/Expires \d{1,2} \w{3} 20\d\d, \d{1,2}:\d\d\s?[ap]m/i);
  expect(await page.getByText('You have no expired tokens.').isVisible()).toBe(true);
  await screenshot(page, 'tokens-wallet');
  expect(stripeRequests).toEqual([]);
});

it('a declined card (4000 0000 0000 0002) shows the message and credits nothing', async () => {
  const before = await apiBalance();
  await startPurchase('Starter Pouch');
  await fillCard('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
  await alert.waitFor();
  expect(page.url()).toContain('/token-payment');
  expect(await page.getByRole('button', { name: 'Pay', exact: true }).isEnabled()).toBe(true);
  await screenshot(page, 'tokens-declined');
  expect(await apiBalance()).toBe(before);
});

it('a promo code adds its bonus: Applied, n% more tokens, and the bonus is credited', async () => {
  const before = await apiBalance();
  await startPurchase('Starter Pouch');
  const apply = page.getByRole('button', { name: 'Apply' });
  expect(await apply.isDisabled()).toBe(true);
  await page.getByLabel('Promo code').fill('NOSUCHCODE');
  await apply.click();
  await page.getByText('Invalid promo code').waitFor();
  await page.getByLabel('Promo code').fill('WELCOME10');
  await apply.click();
  await page.getByText('10% more tokens!').waitFor();
  const applied = page.getByRole('button', { name: 'Applied' });
  expect(await applied.isDisabled()).toBe(true);
  expect(await page.getByLabel('Promo code').isDisabled()).toBe(true);
  expect(await page.getByTestId('payment-token-amount').textContent()).toContain('110 Tokens');
  await screenshot(page, 'tokens-promo-applied');

  await fillCard('4242424242424242');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL('**/tokens', { timeout: 15_000 });
  await expect.poll(apiBalance, { timeout: 10_000 }).toBe(before + 110);
  await expect.poll(navBalance, { timeout: 10_000 }).toBe(before + 110);
  await page
    .locator('.lot')
    .filter({ hasText: /^10 Tokens/ })
    .first()
    .waitFor();
  await screenshot(page, 'tokens-wallet-bonus');
});

it('shows the purchase error alerts and the empty package list', async () => {
  await page.route('**/api/payment/token/create-intent', (route) =>
    route.fulfill({ status: 500, json: { message: 'boom' } }),
  );
  await page.goto('/purchase-tokens');
  const card = page.getByRole('article', { name: 'Starter Pouch' });
  const buy = async () => {
    await card.getByRole('button', { name: 'Purchase' }).click();
    const terms = page.getByRole('dialog', { name: 'Before you buy' });
    await terms.getByRole('checkbox').check();
    await terms.getByRole('button', { name: 'Next' }).click();
  };
  await buy();
  await page.getByRole('alert').filter({ hasText: 'Failed to initiate token purchase. Please try again.' }).waitFor();
  await page.unroute('**/api/payment/token/create-intent');
  await page.route('**/api/payment/token/create-intent', (route) => route.abort());
  await buy();
  await page.getByRole('alert').filter({ hasText: 'An error occurred while initiating token purchase.' }).waitFor();
  expect(page.url()).toContain('/purchase-tokens');
  await page.unroute('**/api/payment/token/create-intent');

  await page.route('**/api/token/packages', (route) => route.fulfill({ json: { tokenPackages: [] } }));
  await page.goto('/purchase-tokens');
  await page.getByText('No token packages available.').waitFor();
  await page.unroute('**/api/token/packages');
});

it('a new shopper has no tokens yet', async () => {
  const fresh = await newPhoneContext(browser, server.url);
  const { token } = await server.ctx.tokens.sign(await insertTestShopper(server, 'newbie'));
  await fresh.addInitScript((t) => {
    localStorage.setItem('token', t);
    localStorage.setItem('username', 'newbie');
  }, token);
  const freshPage = await fresh.newPage();
  await freshPage.goto('/tokens');
  await freshPage.getByText('You have no active tokens.').waitFor();
  expect(await freshPage.getByText('You have no expired tokens.').isVisible()).toBe(true);
  // The nav balance loads on its own (after the page's first paint): wait for it to settle on 0.
  await freshPage
    .getByTestId('token-balance')
    .filter({ hasText: /^\s*0\s*$/ })
    .waitFor();
  await screenshot(freshPage, 'tokens-wallet-empty');
  await freshPage.getByRole('button', { name: 'Purchase Tokens' }).click();
  await freshPage.waitForURL('**/purchase-tokens');
  await fresh.close();
});

it('guards the token pages and hides the balance when logged out', async () => {
  const guest = await newPhoneContext(browser, server.url);
  const guestPage = await guest.newPage();
  await guestPage.goto('/tokens');
  await guestPage.waitForURL('**/login');
  expect(await guestPage.getByTestId('token-balance').count()).toBe(0);
  await guest.close();
});

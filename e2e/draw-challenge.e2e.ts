import { expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { LAST_RANK, notificationSchema, unreadCount, userTokensResponseSchema } from '@kujiya/shared';
import { useShop } from './support/shop.ts';
import { screenshot } from './support/browser.ts';
import {
  buyWithTokens,
  decidedPrizes,
  demoShopper,
  drawnOrderId,
  drawTicket,
  productTitled,
  tearByButton,
  ticketsLeftOf,
  tokenBalance,
  viewportShot,
  waitDrawReady,
} from './support/draw.ts';
import type { RunningServer } from '../apps/server/src/server.ts';

// The draw experience through real events (docs/rules/fairness.md, promotions.md): a Challenge order stops at
// its letter, shows 'Challenge Won!' on that ticket and refunds the undrawn tickets as tokens; a
// Chance set selling out draws its lottery and the bell shows the result as unread.
let server: RunningServer;
let browser: Browser;

useShop((shop) => ({ server, browser } = shop));

const ticketsLeft = async (page: Page) => Number(await page.getByTestId('tickets-left').textContent());

async function tokenLotIds(page: Page, token: string): Promise<Map<string, number>> {
  const response = await page.request.get('/api/token/user-tokens', { headers: { authorization: `Bearer ${token}` } });
  const { activeTokens } = userTokensResponseSchema.parse(await response.json());
  return new Map(activeTokens.map((lot) => [lot._id, lot.amountLeft]));
}

async function notifications(page: Page, token: string) {
  const response = await page.request.get('/api/notification', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return notificationSchema.array().parse(await response.json());
}

it("a Challenge order bought out to its letter: every ticket torn open, 'Challenge Won!' on the letter only, the rest refunded as tokens", async () => {
  const { context, page, token } = await shopper();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // The demo's Challenge B set: 17 tickets (two of them Prize B), none sold, 16 tokens each.
  const product = await productTitled(page, 'Glitch Garden');
  expect(product.promotion).toMatchObject({ type: 'CHALLENGE', details: { challengeAlphabet: 'B' } });
  const bought = ticketsLeftOf(product);
  expect(bought).toBe(17);
  const price = product.token;
  const balanceBefore = await tokenBalance(page, token);
  const lotsBefore = await tokenLotIds(page, token);
  expect(balanceBefore).toBeGreaterThanOrEqual(bought * price);

  // Buying every ticket guarantees a B: the draw stops at the first one.
  await buyWithTokens(page, product, bought);
  await waitDrawReady(page);
  const orderId = await drawnOrderId(page);
  const ranks = await decidedPrizes(page, token, orderId);
  expect(ranks.at(-1)).toBe('B');
  expect(ranks.slice(0, -1)).not.toContain('B');
  // Two B tickets among 17: the first is drawn by the 16th ticket, so the final ticket (and the Last Prize) is never reached.
  expect(ranks).not.toContain(LAST_RANK);
  const drawn = ranks.length;
  const undrawn = bought - drawn;
  expect(undrawn).toBeGreaterThanOrEqual(1);
  console.log(`Challenge B order: drew ${ranks.join(' ')} (${drawn} of ${bought}), ${undrawn} refunded`);
  // Nothing gives the Challenge away before a ticket is opened: every ticket bought is left to draw.
  expect(await ticketsLeft(page)).toBe(bought);
  expect(Number(await page.getByTestId('tickets-bought').textContent())).toBe(bought);
  expect(await page.getByTestId('draw-challenge-won').count()).toBe(0);
  expect(await page.getByText('refunded as tokens').count()).toBe(0);
  await viewportShot(page, 'draw-challenge-before');

  // The refund is a new token lot of price x undrawn tickets, already in the balance.
  const refund = undrawn * price;
  expect(await tokenBalance(page, token)).toBe(balanceBefore - bought * price + refund);
  const newLots = [...(await tokenLotIds(page, token))].filter(([id]) => !lotsBefore.has(id));
  expect(newLots.map(([, amount]) => amount)).toEqual([refund]);

  // Tear open every ticket in order: only the last, the B, shows 'Challenge Won!'.
  for (let i = 0; i < drawn; i++) {
    const popup = await drawTicket(page, i === 0 ? 'draw' : 'next');
    expect(await popup.getByText('Challenge Won!', { exact: true }).count()).toBe(0);
    await tearByButton(popup);
    expect(await popup.getByTestId('revealed-prize').textContent()).toBe(`Prize ${ranks[i]}`);
    if (i < drawn - 1) {
      expect(await popup.getByText('Challenge Won!', { exact: true }).count()).toBe(0);
      expect(await ticketsLeft(page)).toBe(bought - i - 1);
      continue;
    }
    await popup.getByText('Challenge Won!', { exact: true }).waitFor();
    expect(
      await popup
        .getByRole('status')
        .filter({ hasText: /^Challenge Won!$/ })
        .count(),
    ).toBe(1);
    // The popup's live region says it in words with the prize won.
    await expect
      .poll(() => popup.getByTestId('live-announcement').textContent())
      .toMatch(/^You won Prize B.*Challenge Won!$/);
    expect(await popup.getByRole('button', { name: 'Show Results' }).isVisible()).toBe(true);
    await viewportShot(page, 'draw-challenge-won');
  }

  // Behind the popup, /draw tells the shopper the Challenge was won and how many tickets were refunded.
  expect(await ticketsLeft(page)).toBe(0);
  const won = page.getByTestId('draw-challenge-won');
  await won.getByText('Challenge Won!').waitFor({ state: 'attached' });
  await won.getByText(`${undrawn} undrawn tickets were refunded as tokens.`).waitFor({ state: 'attached' });
  // A reload keeps it (the progress is kept), with Show Results on the page.
  await page.reload();
  await won.waitFor();
  expect(await ticketsLeft(page)).toBe(0);
  await viewportShot(page, 'draw-challenge-won-page');
  await page.getByRole('button', { name: 'Show Results' }).click();
  await page.waitForURL('**/results');
  await page.getByRole('heading', { name: 'YOU WON' }).waitFor();
  const quantities = await page
    .getByTestId('result-prize')
    .evaluateAll((items) =>
      items.map((item) => Number((item.querySelector('.results__quantity')?.textContent ?? '').replace(/\D/g, ''))),
    );
  expect(quantities.reduce((a, b) => a + b, 0)).toBe(drawn);
  await screenshot(page, 'draw-challenge-results');

  // Back (or a reload) of /draw after the results never replays the order: it opens the order's details,
  // which say what was bought, drawn and refunded, and the net paid.
  await page.goBack();
  await page.waitForURL(`**/order-details/${orderId}`);
  expect(await page.getByTestId('tickets-left').count()).toBe(0);
  await page.getByTestId('order-refund').waitFor();
  expect(await page.getByTestId('order-refund').textContent()).toBe(`${undrawn} tickets refunded as ${refund} tokens`);
  expect(await page.getByTestId('order-net-paid').textContent()).toBe(`${bought * price - refund} tokens`);
  await screenshot(page, 'order-details-challenge-refund');
  await page.goto('/draw');
  await page.getByText('There is no order to draw.').waitFor();

  // /orders says it too.
  await page.goto('/orders');
  const row = page.getByTestId('order-row').filter({ hasText: product.name }).first();
  await row.waitFor();
  expect(await row.textContent()).toContain(`${bought} tickets bought · ${drawn} drawn · ${bought * price} tokens`);
  expect(await row.getByTestId('order-refund').textContent()).toBe(
    `${undrawn} tickets refunded as ${refund} tokens · Net paid ${bought * price - refund} tokens`,
  );
  await viewportShot(page, 'orders-challenge-refund');
  expect(errors).toEqual([]);
  await context.close();
});

it('buying the last ticket of a Chance set draws its lottery: the bell shows the result unread after a reload, and opening it marks it read', async () => {
  const { context, page, token } = await shopper();
  // The demo's Chance (lottery) set with one ticket left.
  const product = await productTitled(page, 'Lucky Lanterns');
  expect(product.lottery.enabled).toBe(true);
  expect(ticketsLeftOf(product)).toBe(1);
  const before = await notifications(page, token);

  await buyWithTokens(page, product, 1);
  // settle.ts: each entrant of the round hears the result once it sold out.
  const wonPrizes = /^Congratulations! You won ((Prize [A-Z]|Last Prize) x\d+(, )?)+ in the (.+) lottery\.$/;
  const lost = `The ${product.name} lottery has been drawn. Unfortunately you did not win this time.`;
  const arrived = (await notifications(page, token)).filter((n) => !before.some((b) => b._id === n._id));
  // The purchase (and a win) also brings a fairness receipt; the result is the one other notice.
  const receipts = arrived.filter((n) => n.receipt !== null);
  for (const notice of arrived) expect(notice.message).not.toContain('Fairness receipt:');
  expect(receipts.length).toBeGreaterThanOrEqual(1);
  const fresh = arrived.filter((n) => !receipts.includes(n));
  expect(fresh).toHaveLength(1);
  const result = fresh[0]!;
  expect(wonPrizes.exec(result.message)?.[4] === product.name || result.message === lost, result.message).toBe(true);
  expect(result.isRead).toBe(false);
  console.log(`Lucky Lanterns sold out; the shopper's notification: ${result.message}`);
  expect(ticketsLeftOf(await productTitled(page, 'Lucky Lanterns'))).toBe(0);

  // A reload of another page: the bell counts the result as unread.
  await page.goto('/');
  await page.reload();
  const badge = page.getByTestId('notification-badge');
  await badge.waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  const unread = unreadCount(before) + arrived.length;
  expect(Number(await badge.textContent())).toBe(unread);
  expect(await page.getByTestId('notification-bell').getAttribute('aria-label')).toBe(
    `Notifications (${unread} unread)`,
  );
  await viewportShot(page, 'draw-chance-bell-badge');

  await page.getByTestId('notification-bell').click();
  const list = page.getByRole('region', { name: 'Notifications' });
  const item = list.locator('li').filter({ hasText: result.message });
  await item.waitFor();
  // Opening marks all read: the badge goes, the fresh one stays highlighted while the list is open.
  await expect.poll(() => badge.count()).toBe(0);
  expect(await item.getAttribute('class')).toContain('notifications__item--new');
  // The list fits the phone's screen.
  const box = (await list.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(box.width).toBeGreaterThanOrEqual(page.viewportSize()!.width - 40);
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await viewportShot(page, 'draw-chance-bell-open');
  await expect
    .poll(async () => (await notifications(page, token)).find((n) => n._id === result._id)?.isRead)
    .toBe(true);

  // After another reload (once the list has loaded) it stays read.
  const listed = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/notification' && r.request().method() === 'GET',
  );
  await page.reload();
  expect((await listed).status()).toBe(200);
  await page.getByTestId('notification-bell').click();
  await list.locator('li').filter({ hasText: result.message }).waitFor();
  expect(await list.locator('li').filter({ hasText: result.message }).getAttribute('class')).not.toContain(
    'notifications__item--new',
  );
  expect(await badge.count()).toBe(0);
  await context.close();
});

async function shopper() {
  return demoShopper(browser, server.url);
}

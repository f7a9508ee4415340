import { expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { prizeListSchema } from '@kujiya/shared';
import { useShop } from './support/shop.ts';
import { newPhoneContext, screenshot } from './support/browser.ts';
import { dialog, openPlay, ticketsLeftOf, viewportShot } from './support/draw.ts';
import { plainInStockSet } from './support/fulfilment.ts';
import { DEMO_SHOPPER } from './support/shopper.ts';
import { DESK, ownerContext } from './support/admin.ts';
import { AxeAudit } from './support/axe.ts';
import type { RunningServer } from '../apps/server/src/server.ts';

// The live prize board (docs/rules/drops.md, "Live board"): a visitor watches a set's play popup on a
// phone while another shopper buys; tickets left and the prizes' counts move without a reload. Then
// the owner's drop monitor of that round at a desk.
let server: RunningServer;
let browser: Browser;

useShop((shop) => ({ server, browser } = shop));

it('a visitor sees tickets left and the prizes remaining move live while another shopper buys; the owner sees the drop monitor', async () => {
  const context = await newPhoneContext(browser, server.url);
  const page = await context.newPage();
  const watched: string[] = [];
  page.on('websocket', (socket) =>
    socket.on('framesent', (frame) => {
      if (String(frame.payload).includes('"watch"')) watched.push(String(frame.payload));
    }),
  );
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const set = await plainInStockSet(page, 3);
  const left = ticketsLeftOf(set);
  const total = Number(set.quantity.split('/')[1]);
  const play = await openPlay(page, set);
  await expect.poll(() => play.getByText(`${left}/${total}`, { exact: true }).count()).toBe(1);
  const prizesBefore = prizeListSchema.parse(
    await (await page.request.get(`/api/prizes/${set.setId}/${set.productId}`)).json(),
  );
  const remainingOf = (prizes: typeof prizesBefore) =>
    prizes.reduce((n, prize) => n + Number(prize.quantity.split('/')[0]), 0);
  // The socket opens after the first paint and an idle moment: wait until it watches the set, popup's first.
  await expect
    .poll(() => watched.some((frame) => frame.includes(`"setIds":["${set.setId}"`)), { timeout: 15_000 })
    .toBe(true);

  // Another shopper buys 3 tickets through the API.
  const login = await page.request.post('/api/users/login', { data: DEMO_SHOPPER });
  const { token } = (await login.json()) as { token: string };
  const bought = await page.request.post('/api/token/use', {
    headers: { authorization: `Bearer ${token}` },
    data: { username: DEMO_SHOPPER.username, setId: set.setId, ticketsBought: 3 },
  });
  expect(bought.status()).toBe(200);

  // The popup's count moves without a reload, and so do the prizes' (3 fewer in all).
  await play.getByText(`${left - 3}/${total}`, { exact: true }).waitFor({ timeout: 15_000 });
  const shownRemaining = async () =>
    (await play.locator('.prize-card').evaluateAll((cards) => cards.map((card) => card.textContent ?? ''))).join('|');
  const prizesAfter = prizeListSchema.parse(
    await (await page.request.get(`/api/prizes/${set.setId}/${set.productId}`)).json(),
  );
  expect(remainingOf(prizesBefore) - remainingOf(prizesAfter)).toBe(3);
  for (const prize of prizesAfter) {
    await expect.poll(shownRemaining, { timeout: 15_000 }).toContain(prize.quantity);
  }
  await viewportShot(page, 'drop-board-live-popup');
  const audit = new AxeAudit();
  await audit.check(page, 'play popup after a live board');
  await dialog(page, set.name).getByRole('button', { name: /close/i }).first().click();
  const card = page.locator(`.product-card[data-product-id="${set.productId}"]`).first();
  await card.getByText(`${left - 3}/${total} left`).waitFor();
  await card.scrollIntoViewIfNeeded();
  await viewportShot(page, 'drop-board-live-card');
  expect(errors).toEqual([]);
  await context.close();

  // The owner's drop monitor of the round, from the product's detail page.
  const owner = await ownerContext(browser, server.url, DESK);
  await owner.page.goto(`/admin/product/${set.productId}`);
  await owner.page.getByRole('link', { name: 'Drop monitor' }).click();
  await owner.page.getByRole('heading', { name: `Drop monitor: ${set.name}` }).waitFor();
  await owner.page.getByText(`${left - 3}/${total}`, { exact: true }).waitFor();
  expect(await owner.page.getByText('No waiting room').count()).toBe(1);
  // The room's admission rate: the server refuses a bad number with its message, then saves one.
  const rate = owner.page.getByRole('spinbutton', { name: 'Admissions per second' });
  expect(await rate.getAttribute('placeholder')).toBe('350');
  await rate.fill('0');
  await owner.page.getByRole('button', { name: 'Save' }).click();
  await owner.page.getByRole('alert').filter({ hasText: 'Admissions per second must be at least 1' }).waitFor();
  await rate.fill('250');
  await owner.page.getByRole('button', { name: 'Save' }).click();
  await owner.page.getByText('Admission rate saved.').waitFor();
  await owner.page.reload();
  await expect.poll(() => rate.inputValue(), { timeout: 15_000 }).toBe('250');
  await screenshot(owner.page, 'drop-monitor-desk');
  await audit.check(owner.page, 'admin drop monitor');
  await owner.page.setViewportSize({ width: 390, height: 844 });
  await screenshot(owner.page, 'drop-monitor-phone');
  await audit.check(owner.page, 'admin drop monitor on a phone');
  expect(audit.problems()).toEqual([]);
  await owner.context.close();
});

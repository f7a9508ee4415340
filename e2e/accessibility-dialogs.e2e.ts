import { afterAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { tradeListResponseSchema } from '@kujiya/shared';
import { useShop } from './support/shop.ts';
import { newPhoneContext } from './support/browser.ts';
import { dialog, demoShopper, drawTicket, openPlay, tearByButton, ticketPopup, waitDrawReady } from './support/draw.ts';
import { chooseAction, plainInStockSet } from './support/fulfilment.ts';
import { logInContext } from './support/shopper.ts';
import { AxeAudit } from './support/axe.ts';
import { signUp } from '../apps/server/src/modules/accounts/test-helpers.ts';
import type { RunningServer } from '../apps/server/src/server.ts';
import type { TestApp } from '../apps/server/src/test/test-app.ts';

// Every shopper dialog passes axe (WCAG 2.1 A/AA and best practices) at 390x844: play, prize zoom,
// terms, confirm, not enough tokens, the ticket sealed and opened, results, payment, arrange
// shipment, self-collection, trading and its confirms, the menu and the bell.
let server: RunningServer;
let browser: Browser;
useShop((shop) => ({ server, browser } = shop));

const audit = new AxeAudit();
afterAll(() => console.table(audit.visited.map(({ state, violations }) => ({ state, violations: violations.length }))));

it('buying and drawing: play, prize zoom, terms, confirm, the sealed and opened ticket, results, the menu and the bell', async () => {
  const { context, page } = await demoShopper(browser, server.url);
  const product = await plainInStockSet(page, 2);
  const play = await openPlay(page, product);
  await audit.check(page, 'play popup');
  await play
    .getByRole('button', { name: /^View / })
    .first()
    .click();
  await page.getByRole('button', { name: 'Close' }).last().waitFor();
  await audit.check(page, 'play popup, prize zoom');
  await page.keyboard.press('Escape');
  await play.getByRole('button', { name: 'BUY', exact: true }).click();
  const terms = dialog(page, 'Terms and Conditions');
  await terms.waitFor();
  await audit.check(page, 'terms dialog');
  await terms.getByRole('checkbox').check();
  await terms.getByRole('button', { name: 'Next' }).click();
  const confirm = dialog(page, 'Confirm purchase');
  await confirm.waitFor();
  await audit.check(page, 'confirm purchase dialog');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await page.waitForURL('**/draw');
  await waitDrawReady(page);
  await audit.check(page, '/draw, ready');
  const popup = await drawTicket(page, 'draw');
  await audit.check(page, 'ticket popup, sealed');
  await tearByButton(popup);
  await audit.check(page, 'ticket popup, opened');
  // One ticket bought; the round's Last Prize may follow as a ticket of its own.
  while ((await ticketPopup(page).getByRole('button', { name: 'Show Results' }).count()) === 0) {
    await tearByButton(await drawTicket(page, 'next'));
  }
  await ticketPopup(page).getByRole('button', { name: 'Show Results' }).click();
  await page.waitForURL('**/results');
  await page.getByRole('heading', { name: 'YOU WON' }).waitFor();
  await audit.check(page, '/results');
  await page
    .getByTestId('result-prize')
    .first()
    .getByRole('button', { name: /full size/ })
    .click();
  await page.getByRole('dialog').waitFor();
  await audit.check(page, '/results, prize zoom');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  await page.goto('/');
  await page.getByRole('button', { name: 'Menu' }).click();
  await audit.check(page, 'home, menu open');
  await page.keyboard.press('Escape');
  await page.getByTestId('notification-bell').click();
  await page.getByRole('region', { name: 'Notifications' }).waitFor();
  await audit.check(page, 'home, notifications open');
  await context.close();
  expect(audit.problems()).toEqual([]);
});

it('a new shopper: not enough tokens, card payment, token purchase and its payment', async () => {
  const before = audit.problems().length;
  const context = await newPhoneContext(browser, server.url);
  const session = await signUp(server as unknown as TestApp, { username: 'axebuyer', email: 'axebuyer@example.com' });
  await context.addInitScript(
    ([t, u]) => {
      localStorage.setItem('token', t!);
      localStorage.setItem('username', u!);
    },
    [session.token, session.username],
  );
  const page = await context.newPage();
  const product = await plainInStockSet(page, 1);
  const play = await openPlay(page, product);
  await play.getByRole('button', { name: 'BUY', exact: true }).click();
  const terms = dialog(page, 'Terms and Conditions');
  await terms.getByRole('checkbox').check();
  await terms.getByRole('button', { name: 'Next' }).click();
  const short = dialog(page, 'Not enough tokens');
  await short.waitFor();
  await audit.check(page, 'not enough tokens dialog');
  await short.getByRole('button', { name: 'Other Payments' }).click();
  await page.waitForURL('**/kuji-payment');
  await page.getByLabel('Card number').waitFor();
  await audit.check(page, '/kuji-payment (card payment)');

  await page.goto('/purchase-tokens');
  await page.getByRole('button', { name: 'Purchase' }).first().click();
  await page.getByRole('dialog').first().waitFor();
  await audit.check(page, 'token purchase terms dialog');
  await page.getByRole('dialog').getByRole('checkbox').check();
  await page.getByRole('dialog').getByRole('button', { name: 'Next' }).click();
  await page.waitForURL('**/token-payment');
  await page.getByLabel('Card number').waitFor();
  await audit.check(page, '/token-payment');
  await context.close();
  expect(audit.problems().slice(before)).toEqual([]);
});

/** Picks one unit of the first batch that can take one more, then presses the action's Confirm bar. */
async function pickOneAndConfirm(page: Page, confirm: RegExp): Promise<void> {
  await page
    .locator('[data-testid="inventory-batch"]')
    .filter({ has: page.getByRole('button', { name: 'Increase', disabled: false }) })
    .first()
    .getByRole('button', { name: 'Increase' })
    .click();
  await page.getByRole('button', { name: confirm }).click();
}

it('fulfilment: ship (info, arrange shipment, payment), self-collect, abandon, trade items', async () => {
  const before = audit.problems().length;
  const { context, page } = await demoShopper(browser, server.url);
  await page.goto('/inventory');
  await page.getByTestId('inventory-set').first().waitFor();
  await page.getByRole('group', { name: 'Inventory actions' }).getByRole('button', { name: 'Ship Items' }).click();
  await dialog(page, 'Shipping Information').waitFor();
  await audit.check(page, 'shipping information dialog');
  await dialog(page, 'Shipping Information').getByRole('button', { name: 'Got it' }).click();
  await audit.check(page, '/inventory, choosing units to ship');
  await pickOneAndConfirm(page, /^Confirm Ship Items/);
  const arrange = dialog(page, 'Arrange Shipment');
  await arrange.waitFor();
  await audit.check(page, 'arrange shipment dialog');
  await arrange.getByLabel('Use another address').check();
  await audit.check(page, 'arrange shipment dialog, another address');
  await page.keyboard.press('Escape');

  await page.goto('/inventory');
  await page.getByTestId('inventory-set').first().waitFor();
  await chooseAction(page, 'Self-Collect');
  await pickOneAndConfirm(page, /^Confirm Self-Collect Items/);
  const collect = dialog(page, 'Confirm Self-Collect');
  await collect.waitFor();
  await audit.check(page, 'self-collect dialog');
  await page.keyboard.press('Escape');

  await page.goto('/inventory');
  await page.getByTestId('inventory-set').first().waitFor();
  await chooseAction(page, 'Abandon Items');
  await pickOneAndConfirm(page, /^Confirm Abandon Items/);
  await dialog(page, 'Abandon Items').waitFor();
  await audit.check(page, 'abandon items confirm');
  await page.keyboard.press('Escape');

  await page.goto('/inventory');
  await page.getByTestId('inventory-set').first().waitFor();
  await page.getByRole('group', { name: 'Inventory actions' }).getByRole('button', { name: 'Trade Items' }).click();
  await dialog(page, 'Trading Items').waitFor();
  await audit.check(page, 'trading information dialog');
  await dialog(page, 'Trading Items').getByRole('button', { name: 'Got it' }).click();
  await pickOneAndConfirm(page, /^Confirm Trade Items/);
  await dialog(page, 'Select Prizes You Want').waitFor();
  await audit.check(page, 'select prizes you want dialog');
  await context.close();
  expect(audit.problems().slice(before)).toEqual([]);
});

it('trading: offer trade, prize zoom, your offer, and the owner accept and reject confirms', async () => {
  const before = audit.problems().length;
  const { context, page, token } = await demoShopper(browser, server.url);
  const market = tradeListResponseSchema.parse(
    await (await page.request.get('/api/trade', { headers: { authorization: `Bearer ${token}` } })).json(),
  );
  const demoTrade = market.trades.find((x) => x.createdBy.username === 'sakura_fan')!;
  await page.goto('/trading-marketplace');
  await page.getByLabel('Search trades').fill('sakura_fan');
  const card = page.getByTestId('trade-card').filter({ hasText: 'sakura_fan' });
  await card
    .getByRole('button', { name: /^Enlarge / })
    .first()
    .click();
  await page.getByRole('dialog').waitFor();
  await audit.check(page, 'marketplace, prize zoom');
  await page.getByRole('dialog').getByRole('button', { name: /close/i }).click();
  await card.getByRole('button', { name: 'Offer Trade' }).click();
  const offer = dialog(page, 'Offer Trade');
  await offer.waitFor();
  await audit.check(page, 'offer trade dialog');
  await offer.getByTestId('offer-unit').first().getByRole('button', { name: 'Increase' }).click();
  await offer.getByRole('button', { name: /^Submit Offer/ }).click();
  await card.getByRole('button', { name: 'View Your Offer' }).click();
  await dialog(page, 'Your Offer').waitFor();
  await audit.check(page, 'your offer dialog');
  await context.close();

  const owner = await newPhoneContext(browser, server.url);
  const ownerPage = await owner.newPage();
  await logInContext(owner, { username: 'sakura_fan', password: 'DemoBuyer123!' });
  await ownerPage.goto('/manage-trades');
  await ownerPage.getByRole('button', { name: 'Cancel Trade' }).first().waitFor();
  await audit.check(ownerPage, '/manage-trades with trades');
  await ownerPage.goto(`/trade/${demoTrade._id}`);
  await ownerPage.getByTestId('offer-card').first().waitFor();
  await audit.check(ownerPage, '/trade/:id with offers (owner)');
  const offerCard = ownerPage.getByTestId('offer-card').filter({ hasText: 'demo' }).first();
  await offerCard.getByRole('button', { name: 'Accept' }).click();
  await dialog(ownerPage, 'Please confirm').waitFor();
  await audit.check(ownerPage, 'accept offer confirm');
  await dialog(ownerPage, 'Please confirm').getByRole('button', { name: 'No' }).click();
  await offerCard.getByRole('button', { name: 'Reject' }).click();
  await dialog(ownerPage, 'Please confirm').waitFor();
  await audit.check(ownerPage, 'reject offer confirm');
  await dialog(ownerPage, 'Please confirm').getByRole('button', { name: 'No' }).click();
  await ownerPage.goto('/manage-trades');
  await ownerPage.getByRole('button', { name: 'Cancel Trade' }).first().click();
  await dialog(ownerPage, 'Please confirm').waitFor();
  await audit.check(ownerPage, 'cancel trade confirm');
  await owner.close();
  expect(audit.problems().slice(before)).toEqual([]);
});

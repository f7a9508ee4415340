import { expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { TRADE_ALERTS, isTradable, tradeListResponseSchema, type InventoryResponse } from '@kujiya/shared';
import { useShop } from './support/shop.ts';
import { newPhoneContext, screenshot } from './support/browser.ts';
import { buyWithTokens, demoShopper, dialog, listProducts, viewportShot } from './support/draw.ts';
import { chooseAction, inventoryOf, openInventory, plainInStockSet } from './support/fulfilment.ts';
import { logInContext } from './support/shopper.ts';
import type { RunningServer } from '../apps/server/src/server.ts';

// Two shoppers on two phones swap prizes: A offers units from the inventory and picks wanted prizes,
// B finds the trade by set name and offers, A accepts; both inventories and histories show the swap.
let server: RunningServer;
let browser: Browser;

useShop((shop) => ({ server, browser } = shop));

/** A demo buyer of the demo data (they won prizes in the demo sets). */
const SHOPPER_B = { username: 'mochi_mei', password: 'DemoBuyer123!' };

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('Failed to load resource')) errors.push(message.text());
  });
  return errors;
}

/** Free tradable units per prize name of one set. */
function tradableUnits(
  inventory: InventoryResponse,
  now = new Date(),
): { setName: string; prizeName: string; units: number }[] {
  return Object.entries(inventory).flatMap(([setName, items]) =>
    items.map((item) => ({
      setName,
      prizeName: item.prizeName,
      units: item.batches
        .filter((b) => isTradable(b.shipByDate ?? null, now))
        .reduce((s, b) => s + b.quantity - b.inTrade, 0),
    })),
  );
}

const heldOf = (inventory: InventoryResponse, setName: string, prizeName: string) =>
  (inventory[setName] ?? [])
    .filter((i) => i.prizeName === prizeName)
    .reduce((s, i) => s + i.batches.reduce((n, b) => n + b.quantity, 0), 0);

it('A creates a trade from the inventory, B finds it by set name and offers, A accepts: both sides show the swap', async () => {
  const a = await demoShopper(browser, server.url);
  const errorsA = watchErrors(a.page);
  const bContext = await newPhoneContext(browser, server.url);
  const bPage = await bContext.newPage();
  const errorsB = watchErrors(bPage);
  const b = await logInContext(bContext, SHOPPER_B);

  // A wins fresh units of a plain in-stock set (ship-by two weeks ahead: tradable).
  const product = await plainInStockSet(a.page, 2);
  await buyWithTokens(a.page, product, 2);
  const aBefore = await inventoryOf(a.page, a.token);
  const offered = tradableUnits(aBefore).find((u) => u.setName === product.name && u.units > 0)!;
  expect(offered).toBeTruthy();
  const bBefore = await inventoryOf(bPage, b.token, b.username);
  const given = tradableUnits(bBefore).find((u) => u.units > 0)!;
  expect(given, 'the demo buyer holds a tradable unit').toBeTruthy();
  const givenDescription = bBefore[given.setName]!.find((item) => item.prizeName === given.prizeName)!.description;
  expect(givenDescription).not.toBe('');

  // --- A: inventory, Trade Items, one unit of the offered prize, then the wanted prizes.
  const group = await openInventory(a.page, product.name);
  await chooseAction(a.page, 'Trade Items');
  const prizeCard = group.locator(`[data-testid="inventory-prize"][data-prize-name="${offered.prizeName}"]`);
  await prizeCard.getByRole('button', { name: 'Increase' }).first().click();
  await screenshot(a.page, 'trading-inventory-trade-mode');
  await a.page.getByRole('button', { name: /^Confirm Trade Items/ }).click();
  const picker = dialog(a.page, 'Select Prizes You Want');
  await picker.getByText(TRADE_ALERTS.enterSetName).waitFor();
  await viewportShot(a.page, 'trading-prize-selection-empty');
  await picker.getByLabel('Search by set name').fill('qqqzzzxx');
  await picker.getByText(TRADE_ALERTS.noSetsMatching('qqqzzzxx')).waitFor();
  // The wanted set: the one B holds, found by a slightly misspelt part of its name (fuzzy).
  const wantedSetName = given.setName;
  const words = wantedSetName.split(/[:\s]+/).filter((w) => w.length > 3);
  await picker.getByLabel('Search by set name').fill(words.at(-1)!);
  const wantedSection = picker.getByRole('region', { name: wantedSetName });
  await wantedSection.waitFor();
  // The picker names each prize by its description too (and shows its image), not only "Prize D".
  const wantedRow = wantedSection.locator(`[data-testid="wanted-prize"][data-prize-name="${given.prizeName}"]`);
  await wantedRow.getByText(givenDescription).waitFor();
  expect(await wantedRow.locator('img').count()).toBe(1);
  await wantedSection
    .getByRole('group', { name: `Wanted quantity of ${given.prizeName}` })
    .getByRole('button', { name: 'Increase' })
    .click();
  await viewportShot(a.page, 'trading-prize-selection');
  await picker.getByRole('button', { name: 'Confirm' }).click();
  await a.page.waitForURL('**/manage-trades');
  const myCard = a.page.getByTestId('trade-card').first();
  await myCard.getByRole('list', { name: 'Prizes offered' }).getByText(`${offered.prizeName} × 1`).waitFor();
  await myCard.getByRole('list', { name: 'Prizes wanted' }).getByText(`${given.prizeName} × 1`).waitFor();
  await myCard.getByRole('list', { name: 'Prizes wanted' }).getByText(givenDescription).waitFor();
  await screenshot(a.page, 'trading-manage-trades');
  const aLocked = await inventoryOf(a.page, a.token);
  const lockedBatch = aLocked[product.name]!.find((i) => i.prizeName === offered.prizeName)!.batches.find(
    (x) => x.inTrade > 0,
  );
  expect(lockedBatch?.inTrade).toBe(1);

  // --- B: the marketplace, search by the set name, Offer Trade.
  await bPage.goto('/trading-marketplace');
  await bPage.getByTestId('trade-card').first().waitFor();
  await screenshot(bPage, 'trading-marketplace');
  await bPage.getByLabel('Search trades').fill(product.name);
  const cardB = bPage.getByTestId('trade-card').filter({ hasText: 'demo' }).filter({ hasText: product.name });
  await cardB.waitFor();
  await expect.poll(async () => bPage.getByTestId('trade-card').count()).toBe(1);
  await screenshot(bPage, 'trading-marketplace-search');
  await cardB
    .getByRole('list', { name: 'Prizes offered' })
    .getByRole('button', { name: `Enlarge ${offered.prizeName}` })
    .click();
  await dialog(bPage, offered.prizeName).waitFor();
  await viewportShot(bPage, 'trading-enlarged-image');
  await dialog(bPage, offered.prizeName).getByRole('button', { name: /close/i }).click();
  // A wanted prize: its description on the card, its image enlarged with the description.
  const wantedList = cardB.getByRole('list', { name: 'Prizes wanted' });
  await wantedList.getByText(givenDescription).waitFor();
  await wantedList.getByRole('button', { name: `Enlarge ${given.prizeName}` }).click();
  const wantedZoom = dialog(bPage, given.prizeName);
  expect(await wantedZoom.getByTestId('zoom-description').textContent()).toBe(givenDescription);
  await viewportShot(bPage, 'trading-wanted-zoom');
  await wantedZoom.getByRole('button', { name: /close/i }).click();
  await bPage.getByLabel('Search trades').fill('nobody-sells-this');
  await bPage.getByText(TRADE_ALERTS.noTradesMatching('nobody-sells-this')).waitFor();
  await bPage.getByLabel('Search trades').fill(product.name);
  await cardB.getByRole('button', { name: 'Offer Trade' }).click();
  const offerDialog = dialog(bPage, 'Offer Trade');
  const unit = offerDialog.locator(`[data-testid="offer-unit"][data-prize-name="${given.prizeName}"]`).first();
  await unit.getByRole('button', { name: 'Increase' }).click();
  await viewportShot(bPage, 'trading-offer-dialog');
  await offerDialog.getByRole('button', { name: /^Submit Offer/ }).click();
  await bPage.getByText('Trade offer submitted successfully').waitFor();
  await cardB.getByRole('button', { name: 'View Your Offer' }).waitFor();
  await screenshot(bPage, 'trading-marketplace-offered');

  // --- A: View Offers, Accept with the yes/no confirm, back to Manage Your Trades after 2 s.
  await a.page.goto('/manage-trades');
  await a.page.getByTestId('trade-card').first().getByText('1 offer').waitFor();
  await a.page.getByRole('link', { name: 'View Offers' }).first().click();
  await a.page.waitForURL('**/trade/*');
  const offerCard = a.page.getByTestId('offer-card').first();
  await offerCard.getByText(b.username).waitFor();
  await screenshot(a.page, 'trading-offers-for-your-trade');
  await offerCard.getByRole('button', { name: 'Accept' }).click();
  await dialog(a.page, 'Please confirm')
    .getByText(`Are you sure you want to accept this offer from ${b.username}?`)
    .waitFor();
  await viewportShot(a.page, 'trading-accept-confirm');
  await dialog(a.page, 'Please confirm').getByRole('button', { name: 'Yes' }).click();
  await a.page.getByText(TRADE_ALERTS.offerAccepted).waitFor();
  await screenshot(a.page, 'trading-offer-accepted');
  await a.page.waitForURL('**/manage-trades', { timeout: 10_000 });
  await a.page.getByText(TRADE_ALERTS.noOwnTrades).waitFor();

  // --- Both inventories show the swap.
  const aAfter = await inventoryOf(a.page, a.token);
  const bAfter = await inventoryOf(bPage, b.token, b.username);
  expect(heldOf(aAfter, product.name, offered.prizeName)).toBe(heldOf(aBefore, product.name, offered.prizeName) - 1);
  expect(heldOf(aAfter, given.setName, given.prizeName)).toBe(heldOf(aBefore, given.setName, given.prizeName) + 1);
  expect(heldOf(bAfter, product.name, offered.prizeName)).toBe(heldOf(bBefore, product.name, offered.prizeName) + 1);
  expect(heldOf(bAfter, given.setName, given.prizeName)).toBe(heldOf(bBefore, given.setName, given.prizeName) - 1);
  await openInventory(a.page, given.setName);
  await screenshot(a.page, 'trading-inventory-after-a');
  await bPage.goto('/inventory');
  await bPage.locator(`[data-testid="inventory-set"][data-set-name="${product.name}"]`).waitFor();
  await screenshot(bPage, 'trading-inventory-after-b');

  // --- Both histories.
  await a.page.goto('/trade-history');
  const historyA = a.page.getByTestId('history-card').first();
  await historyA.getByText(`Traded with ${b.username}`).waitFor();
  await historyA.getByRole('list', { name: 'Received' }).getByText(`${given.prizeName} × 1`).waitFor();
  await historyA.getByRole('list', { name: 'Traded away' }).getByText(`${offered.prizeName} × 1`).waitFor();
  await screenshot(a.page, 'trading-history-a');
  await bPage.goto('/trade-history');
  const historyB = bPage.getByTestId('history-card').first();
  await historyB.getByText('Traded with demo').waitFor();
  await historyB.getByRole('list', { name: 'Received' }).getByText(`${offered.prizeName} × 1`).waitFor();
  await screenshot(bPage, 'trading-history-b');
  // The marketplace no longer lists the finished trade.
  const market = tradeListResponseSchema.parse(
    await (await bPage.request.get('/api/trade', { headers: { authorization: `Bearer ${b.token}` } })).json(),
  );
  expect(market.trades.filter((x) => x.createdBy.username === 'demo')).toEqual([]);

  expect(errorsA).toEqual([]);
  expect(errorsB).toEqual([]);
  expect((await listProducts(a.page)).length).toBeGreaterThan(0);
  await a.context.close();
  await bContext.close();
});

it('an empty history and the offers of a trade that is not yours', async () => {
  const a = await demoShopper(browser, server.url);
  const market = tradeListResponseSchema.parse(
    await (await a.page.request.get('/api/trade', { headers: { authorization: `Bearer ${a.token}` } })).json(),
  );
  const others = market.trades[0];
  expect(others, 'the demo marketplace has open trades').toBeTruthy();
  await a.page.goto(`/trade/${others!._id}`);
  await a.page.getByText('Only the trade owner can do this').waitFor();
  await screenshot(a.page, 'trading-offers-not-owner');
  const fresh = await newPhoneContext(browser, server.url);
  const page = await fresh.newPage();
  await logInContext(fresh, { username: 'ramen_rex', password: 'DemoBuyer123!' });
  await page.goto('/trade-history');
  await page.getByText(TRADE_ALERTS.noHistory).waitFor();
  await screenshot(page, 'trading-history-empty');
  await page.goto('/manage-trades');
  await page.getByText(TRADE_ALERTS.noOwnTrades).waitFor();
  await screenshot(page, 'trading-manage-trades-empty');
  await fresh.close();
  await a.context.close();
});

it('withdraw an offer (Offer Trade again), the owner rejects one, and Cancel Trade with its confirm', async () => {
  const a = await demoShopper(browser, server.url);
  const errors = watchErrors(a.page);
  const headers = { authorization: `Bearer ${a.token}` };
  const market = tradeListResponseSchema.parse(await (await a.page.request.get('/api/trade', { headers })).json());
  const demoTrade = market.trades.find((x) => x.createdBy.username === 'sakura_fan')!;
  expect(demoTrade, 'sakura_fan has a demo trade').toBeTruthy();

  const offerOnce = async () => {
    await a.page.goto('/trading-marketplace');
    await a.page.getByLabel('Search trades').fill('sakura_fan');
    const card = a.page.getByTestId('trade-card').filter({ hasText: 'sakura_fan' });
    await card.getByRole('button', { name: 'Offer Trade' }).click();
    const offerDialog = dialog(a.page, 'Offer Trade');
    await offerDialog.getByTestId('offer-unit').first().getByRole('button', { name: 'Increase' }).click();
    await offerDialog.getByRole('button', { name: /^Submit Offer/ }).click();
    await card.getByRole('button', { name: 'View Your Offer' }).waitFor();
    return card;
  };
  const card = await offerOnce();
  await card.getByRole('button', { name: 'View Your Offer' }).click();
  await dialog(a.page, 'Your Offer').getByRole('button', { name: 'Withdraw Offer' }).waitFor();
  // Let the popup's fade-in finish before the picture.
  await a.page.waitForTimeout(400);
  await viewportShot(a.page, 'trading-your-offer');
  await dialog(a.page, 'Your Offer').getByRole('button', { name: 'Withdraw Offer' }).click();
  await a.page.getByText(TRADE_ALERTS.offerWithdrawn).waitFor();
  await card.getByRole('button', { name: 'Offer Trade' }).waitFor();
  await screenshot(a.page, 'trading-offer-withdrawn');

  // Offer again; the owner rejects it from their offers page.
  await offerOnce();
  const owner = await newPhoneContext(browser, server.url);
  const ownerPage = await owner.newPage();
  await logInContext(owner, { username: 'sakura_fan', password: 'DemoBuyer123!' });
  await ownerPage.goto(`/trade/${demoTrade._id}`);
  const offerCard = ownerPage.getByTestId('offer-card').filter({ hasText: 'demo' });
  await offerCard.getByRole('button', { name: 'Reject' }).click();
  await dialog(ownerPage, 'Please confirm').getByRole('button', { name: 'Yes' }).click();
  await ownerPage.getByText(TRADE_ALERTS.offerRejected).waitFor();
  await ownerPage.getByText(TRADE_ALERTS.noOffers).waitFor();
  await screenshot(ownerPage, 'trading-offer-rejected');
  await owner.close();
  await a.page.goto('/trading-marketplace');
  await a.page.getByLabel('Search trades').fill('sakura_fan');
  await a.page
    .getByTestId('trade-card')
    .filter({ hasText: 'sakura_fan' })
    .getByRole('button', { name: 'Offer Trade' })
    .waitFor();

  // Cancel Trade: the yes/no confirm, then the units are free again.
  const inventory = await inventoryOf(a.page, a.token);
  const unit = Object.values(inventory)
    .flat()
    .flatMap((item) => item.batches)
    .find((b) => b.quantity - b.inTrade > 0 && isTradable(b.shipByDate ?? null, new Date()))!;
  const created = await a.page.request.post('/api/trade/create', {
    headers,
    data: {
      prizesOffered: [{ batchId: unit.batchId, quantity: 1 }],
      prizesWanted: [
        { productId: demoTrade.prizesWanted[0]!.productId, prizeId: demoTrade.prizesWanted[0]!.prizeId, quantity: 1 },
      ],
      username: 'demo',
    },
  });
  expect(created.status()).toBe(200);
  await a.page.goto('/manage-trades');
  await a.page.getByRole('button', { name: 'Cancel Trade' }).first().click();
  await dialog(a.page, 'Please confirm').getByText(TRADE_ALERTS.cancelConfirm).waitFor();
  await viewportShot(a.page, 'trading-cancel-confirm');
  await dialog(a.page, 'Please confirm').getByRole('button', { name: 'Yes' }).click();
  await a.page.getByText('Trade cancelled successfully').waitFor();
  await a.page.getByText(TRADE_ALERTS.noOwnTrades).waitFor();
  const after = await inventoryOf(a.page, a.token);
  expect(
    Object.values(after)
      .flat()
      .flatMap((item) => item.batches)
      .find((b) => b.batchId === unit.batchId)!.inTrade,
  ).toBe(unit.inTrade);
  expect(errors).toEqual([]);
  await a.context.close();
});

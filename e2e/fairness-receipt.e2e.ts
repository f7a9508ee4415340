import { expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  fairnessReceiptSchema,
  fairnessRoundSchema,
  notificationSchema,
  productListingSchema,
  receiptVerifyPath,
  type FairnessReceipt,
  type Product,
} from '@kujiya/shared';
import { useShop } from './support/shop.ts';
import { newPhoneContext, screenshot } from './support/browser.ts';
import { buyWithTokens, demoShopper, listProducts, openPlay, ticketsLeftOf, viewportShot } from './support/draw.ts';
import type { RunningServer } from '../apps/server/src/server.ts';

// Receipts and the chained log in the browser: buy, take the receipt from the purchase notification,
// check it on the fairness page (pasted and through a verify link), see a changed receipt fail; the
// sold-out demo round verifies in every step.
let server: RunningServer;
let browser: Browser;
useShop((shop) => ({ server, browser } = shop));

const plain = (p: Product) =>
  !p.lottery.enabled && p.promotion === null && p.holdTimeLeft === 0 && ticketsLeftOf(p) >= 4;

it('buy, get the receipt from the purchase notification, verify it on the fairness page', async () => {
  const { context, page, token } = await demoShopper(browser, server.url);
  const product = (await listProducts(page)).find(plain)!;
  expect(product, 'a plain demo set with tickets left').toBeDefined();

  // The play popup shows the rules hash beside the commitment.
  const play = await openPlay(page, product);
  expect(await play.getByTestId('play-rules-hash').textContent()).toBe(product.rulesHash);
  await play.getByTestId('play-rules-hash').scrollIntoViewIfNeeded();
  await viewportShot(page, 'fairness-receipt-play-rules-hash');

  await buyWithTokens(page, product, 2);
  const notes = notificationSchema
    .array()
    .parse(
      await (await page.request.get('/api/notification', { headers: { authorization: `Bearer ${token}` } })).json(),
    );
  const notice = notes.find((n) => n.message.startsWith(`Your ${product.name} order is in the draw log (2 tickets).`))!;
  expect(notice, 'the purchase notification').toBeDefined();
  // A sentence, with the receipt beside it (never raw JSON in the text).
  expect(notice.message).toBe(`Your ${product.name} order is in the draw log (2 tickets).`);
  const receipt: FairnessReceipt = fairnessReceiptSchema.parse(notice.receipt);
  expect(receipt.setId).toBe(product.setId);
  expect(receipt.entries).toHaveLength(2);
  const round = fairnessRoundSchema.parse(await (await page.request.get(`/api/fairness/${product.setId}`)).json());
  for (const entry of receipt.entries)
    expect(round.log.find((e) => e.domain === entry.domain && e.nonce === entry.nonce)?.hash).toBe(entry.hash);

  // The notification in the bell: the sentence and its View receipt link, which checks it on the fairness page.
  await page.goto('/');
  await page.getByTestId('notification-bell').click();
  const item = page
    .getByRole('region', { name: 'Notifications' })
    .locator('li')
    .filter({ hasText: notice.message })
    .first();
  await item.waitFor();
  expect(await item.textContent()).not.toContain('Fairness receipt:');
  await viewportShot(page, 'fairness-receipt-notification');
  await item.getByRole('link', { name: 'View receipt' }).click();
  await page.waitForURL(`**/fairness/${product.setId}?receipt=*`);
  await page.getByTestId('receipt-verdict').getByText('The published log passes through your receipt.').waitFor();

  // Pasted on the fairness page.
  await page.goto(`/fairness/${product.setId}`);
  await page.getByLabel('Paste the receipt of your order').fill(JSON.stringify(receipt));
  await page.getByRole('button', { name: 'Check receipt' }).click();
  const verdict = page.getByTestId('receipt-verdict');
  await verdict.getByText('The published log passes through your receipt.').waitFor();
  expect(await verdict.locator('.fairness__receipt-bad').count()).toBe(0);
  await page.getByTestId('fairness-step-chain').waitFor();
  expect(await page.getByTestId('fairness-step-rules').getAttribute('data-state')).toBe('ok');
  expect(await page.getByTestId('fairness-step-chain').getAttribute('data-state')).toBe('ok');
  await verdict.scrollIntoViewIfNeeded();
  await viewportShot(page, 'fairness-receipt-pasted-ok');
  await screenshot(page, 'fairness-receipt-open-round');

  // A receipt whose hash does not match the log (as after a rewrite) fails, naming the entry.
  const changed = {
    ...receipt,
    entries: receipt.entries.map((e, i) => (i === 0 ? { ...e, hash: 'f'.repeat(64) } : e)),
  };
  await page.getByLabel('Paste the receipt of your order').fill(JSON.stringify(changed));
  await page.getByRole('button', { name: 'Check receipt' }).click();
  await verdict.getByText('The published log does not pass through your receipt.').waitFor();
  expect(await verdict.locator('.fairness__receipt-bad').count()).toBeGreaterThan(0);
  await verdict.scrollIntoViewIfNeeded();
  await viewportShot(page, 'fairness-receipt-pasted-bad');

  // The verify link (what the order details' receipt card opens) checks it straight away.
  await page.goto(receiptVerifyPath(receipt));
  await page.getByTestId('receipt-verdict').getByText('The published log passes through your receipt.').waitFor();
  await context.close();
});

it('the sold-out demo round shows every step verified', async () => {
  const listing = productListingSchema.parse(await (await fetch(`${server.url}/api/ichiban-kuji-products`)).json());
  let setId: string | undefined;
  for (const product of listing.all.filter((p) => p.quantity.startsWith('0/'))) {
    const round = fairnessRoundSchema.parse(await (await fetch(`${server.url}/api/fairness/${product.setId}`)).json());
    if (round.serverSeed && round.log.length > 0 && round.rulesHash) setId = product.setId;
  }
  expect(setId, 'a sold-out demo round').toBeDefined();
  const context = await newPhoneContext(browser, server.url);
  const page = await context.newPage();
  await page.goto(`/fairness/${setId}`);
  await page.getByRole('heading', { name: 'Verified: every draw matches the committed seed' }).waitFor();
  for (const step of ['rules', 'chain', 'structure', 'commitment', 'draws']) {
    expect(await page.getByTestId(`fairness-step-${step}`).getAttribute('data-state'), step).toBe('ok');
  }
  await viewportShot(page, 'fairness-receipt-demo-steps');
  await page.getByText('Rules document', { exact: true }).click();
  await page.getByTestId('fairness-rules-document').waitFor();
  await page.getByTestId('fairness-rules-document').scrollIntoViewIfNeeded();
  await viewportShot(page, 'fairness-receipt-demo-rules');
  await screenshot(page, 'fairness-receipt-demo-sold-out');
  await context.close();
});

import { expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { LAST_PRIZE_NAME, LAST_RANK, type Prize, type Product } from '@kujiya/shared';
import { useShop } from './support/shop.ts';
import { screenshot } from './support/browser.ts';
import {
  buyWithTokens,
  demoShopper,
  dialog,
  listProducts,
  TEAR_PROMPT,
  ticketsLeftOf,
  viewportShot,
} from './support/draw.ts';
import type { RunningServer } from '../apps/server/src/server.ts';
import { tearFrameBudgetMs } from './support/frame-budget.ts';

// The draw experience on a phone (docs/rules/fairness.md): buy 3 tickets with tokens, tear them open (button,
// drag, button), the results, Try Again; the prize stays out of the page until its tear ends; the
// tear's longest animation frame; favourites and the notifications bell.
let server: RunningServer;
let browser: Browser;

useShop((shop) => ({ server, browser } = shop));

const shopper = () => demoShopper(browser, server.url);
const plain = (p: Product) => !p.lottery.enabled && p.promotion === null && p.holdTimeLeft === 0;

const ticketsLeft = async (page: Page) => Number(await page.getByTestId('tickets-left').textContent());

/** Text that would give the prize of `rank` away: its title and its description. */
function prizeTexts(rank: string, prizes: Prize[]): string[] {
  const prize = prizes.find((p) => (rank === LAST_RANK ? p.name === LAST_PRIZE_NAME : p.name === `Prize ${rank}`));
  return [rank === LAST_RANK ? LAST_PRIZE_NAME : `Prize ${rank}`, ...(prize ? [prize.description] : [])];
}

async function expectNotInPage(page: Page, texts: string[]) {
  const html = await page.evaluate(() => document.documentElement.outerHTML);
  for (const text of texts) expect(html).not.toContain(text);
  expect(html).not.toMatch(/ticket-back-(gold|silver|bronze|last)\.svg"|data-tier=/);
}

/**
 * Records requestAnimationFrame timestamps in the page; `stop` answers the frame deltas that fall
 * between the app's 'ticket-tear-start' and 'ticket-tear-end' performance marks (the tear itself).
 */
async function startFrameRecorder(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __stamps: number[]; __recording: boolean };
    w.__stamps = [];
    w.__recording = true;
    const tick = (now: number) => {
      w.__stamps.push(now);
      if (w.__recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  return async () =>
    page.evaluate(() => {
      const w = window as unknown as { __stamps: number[]; __recording: boolean };
      w.__recording = false;
      const start = performance.getEntriesByName('ticket-tear-start').at(-1)!.startTime;
      const end = performance.getEntriesByName('ticket-tear-end').at(-1)!.startTime;
      const stamps = w.__stamps.filter((t) => t >= start - 20 && t <= end + 20);
      const deltas = stamps.slice(1).map((t, i) => t - stamps[i]!);
      return {
        start,
        all: deltas,
        count: deltas.length,
        durationMs: end - start,
        longest: Math.max(...deltas),
        average: deltas.reduce((a, b) => a + b, 0) / deltas.length,
      };
    });
}

type TearFrames = Awaited<ReturnType<Awaited<ReturnType<typeof startFrameRecorder>>>>;

/** Prints the tear's frame times and checks it ran the whole 72-frame animation at 16 ms a step. */
function reportTear(label: string, frames: TearFrames) {
  console.log(
    `Tear animation (${label}, from ${frames.start.toFixed(0)} ms): ${frames.count} frames in ${frames.durationMs.toFixed(0)} ms, longest ${frames.longest.toFixed(1)} ms, average ${frames.average.toFixed(1)} ms`,
  );
  console.log(`  frame deltas: ${frames.all.map((d) => d.toFixed(0)).join(' ')}`);
  expect(frames.count).toBeGreaterThan(30);
  expect(frames.durationMs).toBeGreaterThanOrEqual(71 * 16 - 20);
}

it(
  'buys 3 tickets with tokens, tears them open by button and by drag, shows the results, and Try Again reopens the popup',
  { retry: 1 },
  async () => {
    const { context, page, token } = await shopper();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const product = (await listProducts(page))
      .filter((p) => plain(p) && ticketsLeftOf(p) >= 6)
      .sort((a, b) => a.token - b.token)[0]!;
    const prizes = (await (
      await page.request.get(`/api/prizes/${product.setId}/${product.productId}`)
    ).json()) as Prize[];

    await buyWithTokens(page, product, 3);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Draw', exact: true }).isEnabled()).toBe(true);
    expect(await page.getByText('Tickets Left To Draw').isVisible()).toBe(true);
    expect(await ticketsLeft(page)).toBe(3);

    // The decided ranks, from the API (the page keeps them in memory only).
    const orderId = await page.evaluate(
      () => (JSON.parse(sessionStorage.getItem('orderState')!) as { orderId: string }).orderId,
    );
    const decided = (await (
      await page.request.get(`/api/order/get-prizes/${orderId}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { selectedPrizes: string[] };
    const letters = decided.selectedPrizes.filter((r) => r !== LAST_RANK);
    expect(letters).toHaveLength(3);

    // Shake: the box shakes for 1 s at the slider's intensity; Moe Moe Kyun plays its voice.
    await page.getByLabel('Shake intensity').fill('9');
    await page.getByRole('button', { name: 'Shake', exact: true }).click();
    expect(await page.getByTestId('box').getAttribute('data-shaking')).toBe('true');
    await screenshot(page, 'draw-page');
    // It stops on its own; polled, as a loaded machine runs the 1 s timer late.
    await expect.poll(() => page.getByTestId('box').getAttribute('data-shaking'), { timeout: 5_000 }).toBe('false');
    const voice = page.waitForResponse((r) => r.url().endsWith('/draw/moe-moe-kyun.wav'));
    await page.getByRole('button', { name: 'Moe Moe Kyun' }).click();
    expect((await voice).status()).toBeLessThan(400);

    // Ticket 1: Draw → the popup; nothing of the prize is in the page until the tear ends.
    await page.getByRole('button', { name: 'Draw', exact: true }).click();
    expect(await ticketsLeft(page)).toBe(2);
    const popup = dialog(page, 'Your Ticket');
    await popup.getByText(TEAR_PROMPT).waitFor();
    await expectNotInPage(page, prizeTexts(letters[0]!, prizes));
    await viewportShot(page, 'draw-ticket-sealed');

    const stopRecording = await startFrameRecorder(page);
    await popup.getByRole('button', { name: 'Open Ticket' }).click();
    await popup.getByText('Congratulations!').waitFor();
    await popup.getByTestId('ticket-reveal').waitFor();
    const frames = await stopRecording();
    reportTear('ticket 1', frames);
    expect(await popup.getByTestId('revealed-prize').textContent()).toBe(prizeTexts(letters[0]!, prizes)[0]);
    await viewportShot(page, 'draw-ticket-revealed');

    // Ticket 2: Draw Next Ticket, torn by dragging from left to right.
    await popup.getByRole('button', { name: 'Draw Next Ticket' }).click();
    expect(await ticketsLeft(page)).toBe(1);
    const popup2 = dialog(page, 'Your Ticket');
    await popup2.getByText(TEAR_PROMPT).waitFor();
    await expectNotInPage(page, prizeTexts(letters[1]!, prizes));
    const box = (await popup2.getByTestId('ticket').boundingBox())!;
    await page.mouse.move(box.x + 5, box.y + box.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 12; step++) {
      await page.mouse.move(box.x + 5 + (box.width * step) / 12, box.y + box.height / 2);
      // Mid-drag (before the last frame) the prize is still not in the page.
      if (step === 9) {
        await expectNotInPage(page, prizeTexts(letters[1]!, prizes));
        await popup2.getByText('Congratulations!').waitFor();
        await viewportShot(page, 'draw-ticket-final-effect');
      }
    }
    await page.mouse.up();
    await popup2.getByTestId('ticket-reveal').waitFor();
    expect(await popup2.getByTestId('revealed-prize').textContent()).toBe(prizeTexts(letters[1]!, prizes)[0]);

    // Ticket 3: the last one offers Show Results.
    await popup2.getByRole('button', { name: 'Draw Next Ticket' }).click();
    expect(await ticketsLeft(page)).toBe(0);
    const popup3 = dialog(page, 'Your Ticket');
    await popup3.getByText(TEAR_PROMPT).waitFor();
    const stopRecording3 = await startFrameRecorder(page);
    await popup3.getByRole('button', { name: 'Open Ticket' }).click();
    await popup3.getByTestId('ticket-reveal').waitFor();
    const frames3 = await stopRecording3();
    reportTear('ticket 3', frames3);
    // No frame over the budget during a tear, in either measured tear (both are printed above); the
    // budget allows for outside load (tearFrameBudgetMs), and the whole test gets one retry as well.
    expect(Math.max(frames.longest, frames3.longest)).toBeLessThanOrEqual(tearFrameBudgetMs());
    // A final ticket of the round may also bring the Last Prize as a ticket of its own.
    let finalPopup = popup3;
    if (decided.selectedPrizes.includes(LAST_RANK)) {
      await popup3.getByRole('button', { name: 'Draw Next Ticket' }).click();
      finalPopup = dialog(page, 'Your Ticket');
      await finalPopup.getByRole('button', { name: 'Open Ticket' }).click();
      await finalPopup.getByTestId('ticket-reveal').waitFor();
    }
    await finalPopup.getByRole('button', { name: 'Show Results' }).click();

    await page.waitForURL('**/results');
    await page.getByRole('heading', { name: 'YOU WON' }).waitFor();
    const cards = page.getByTestId('result-prize');
    const quantities = await cards.evaluateAll((items) =>
      items.map((item) => Number((item.querySelector('.results__quantity')?.textContent ?? '').replace(/\D/g, ''))),
    );
    expect(quantities.reduce((a, b) => a + b, 0)).toBe(decided.selectedPrizes.length);
    await screenshot(page, 'draw-results');
    await cards
      .first()
      .getByRole('button', { name: /full size/ })
      .click();
    const zoom = page.getByRole('dialog');
    await zoom.waitFor();
    await viewportShot(page, 'draw-results-zoom');
    await zoom.getByRole('button', { name: 'Close' }).click();

    // Try Again: back to the list with the same set's play popup open; the order state is gone.
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.waitForURL('**/ichiban-kuji-products');
    await dialog(page, product.name).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('orderState'))).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('drawResults'))).toBeNull();

    // Reloading /draw for the same order never draws again: the server answers the same prizes.
    const again = await page.request.post(`/api/draw-and-update-order/${orderId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await again.json()) as { selectedPrizes: string[] }).selectedPrizes).toEqual(decided.selectedPrizes);
    expect(errors).toEqual([]);
    await context.close();
  },
);

it('the heart adds a favourite with a 3 s confirmation, and it stays across reloads and in the play popup', async () => {
  const { context, page } = await shopper();
  const product = (await listProducts(page)).find((p) => ticketsLeftOf(p) > 0)!;
  await page.goto('/ichiban-kuji-products');
  await page.getByRole('tab', { name: 'All' }).click();
  const card = page.locator(`.product-card[data-product-id="${product.productId}"]`).first();
  await card.scrollIntoViewIfNeeded();
  const heart = card.getByRole('button', { name: `Favourite ${product.name}` });
  expect(await heart.getAttribute('aria-pressed')).toBe('false');
  // The page itself times the confirmation, so a slow screenshot on a loaded machine cannot eat into it.
  await page.evaluate(watchFavouritePopup);
  await heart.click();
  const popup = page.getByTestId('favourite-popup');
  await popup.waitFor();
  expect(await popup.textContent()).toContain('Added to favourites!');
  await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
  await viewportShot(page, 'draw-favourite-popup');
  await popup.waitFor({ state: 'detached', timeout: 15_000 });
  const shown = await page.evaluate(() => (window as unknown as { favouritePopupMs: number }).favouritePopupMs);
  // 3 s shown and 0.3 s of fading; timers run late under load, never early.
  expect(shown).toBeGreaterThanOrEqual(3_250);
  expect(shown).toBeLessThan(6_000);

  await page.reload();
  await page.getByRole('tab', { name: 'All' }).click();
  const again = page.locator(`.product-card[data-product-id="${product.productId}"]`).first();
  await expect
    .poll(() => again.getByRole('button', { name: `Favourite ${product.name}` }).getAttribute('aria-pressed'))
    .toBe('true');
  await again.getByRole('button', { name: 'Play' }).click();
  const info = page.getByRole('dialog').first();
  await info.waitFor();
  // A promotion or Chance set shows its info popup first.
  const play = dialog(page, product.name);
  if (!(await play.isVisible())) await page.keyboard.press('Escape');
  await play.waitFor();
  const playHeart = play.getByRole('button', { name: `Favourite ${product.name}` });
  expect(await playHeart.getAttribute('aria-pressed')).toBe('true');
  await playHeart.click();
  await expect.poll(() => playHeart.getAttribute('aria-pressed')).toBe('false');
  await page.getByText('Removed from favourites!').waitFor();
  await viewportShot(page, 'draw-favourite-play-popup');
  await context.close();
});

it('the bell shows the unread badge, opening it marks all read, and a notification can be removed', async () => {
  const { context, page, userId } = await shopper();
  await server.ctx.db.transaction(async (tx) => {
    await server.services.notifications.notify(tx, [userId], 'Double Chance! You won Prize A x1 from a test set.');
    await server.services.notifications.notify(tx, [userId], 'The lottery has been drawn.');
  });
  await page.goto('/');
  const bell = page.getByTestId('notification-bell');
  await page.getByTestId('notification-badge').waitFor();
  const unread = Number(await page.getByTestId('notification-badge').textContent());
  expect(unread).toBeGreaterThanOrEqual(2);
  await viewportShot(page, 'draw-bell-badge');

  await bell.click();
  const list = page.getByRole('region', { name: 'Notifications' });
  await list.getByText('The lottery has been drawn.').waitFor();
  await expect.poll(() => page.getByTestId('notification-badge').count()).toBe(0);
  await viewportShot(page, 'draw-bell-open');

  const item = list.locator('li').filter({ hasText: 'The lottery has been drawn.' });
  await item.getByRole('button', { name: 'Remove notification' }).click();
  await item.waitFor({ state: 'detached' });
  await page.reload();
  await page.getByTestId('notification-bell').click();
  await page.getByRole('region', { name: 'Notifications' }).getByText('Double Chance!', { exact: false }).waitFor();
  expect(await page.getByText('The lottery has been drawn.').count()).toBe(0);
  expect(await page.getByTestId('notification-badge').count()).toBe(0);
  await context.close();
});

/** Runs in the page: records how long the favourite confirmation stays in the DOM, as `window.favouritePopupMs`. */
function watchFavouritePopup(): void {
  let addedAt = 0;
  new MutationObserver(() => {
    const present = document.querySelector('[data-testid="favourite-popup"]') !== null;
    if (present && addedAt === 0) addedAt = performance.now();
    if (!present && addedAt !== 0 && !('favouritePopupMs' in window))
      Object.assign(window, { favouritePopupMs: performance.now() - addedAt });
  }).observe(document.body, { childList: true, subtree: true });
}

import { expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { useShop } from './support/shop.ts';
import { ownerContext } from './support/admin.ts';
import {
  demoShopper,
  dialog,
  listProducts,
  ticketPopup,
  ticketsLeftOf,
  tokenBalance,
  viewportShot,
} from './support/draw.ts';
import type { RunningServer } from '../apps/server/src/server.ts';

// The whole purchase with the keyboard only (docs/rules/buying.md): only page.keyboard moves focus
// and presses things (Tab, Shift+Tab, Enter, Space, Escape). Focus is always visible, moves into each
// dialog and back to its opener, lands on the new page's heading, and every route has its own title.
let server: RunningServer;
let browser: Browser;
useShop((shop) => ({ server, browser } = shop));

/** Whether `locator` is the focused element. */
const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** What has focus, for failure messages: tag, name and text. */
const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active) return 'nothing';
    return `${active.tagName.toLowerCase()} "${active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 40)}"`;
  });

/** The focused element shows a focus ring: it matches :focus-visible and draws an outline. */
async function expectFocusVisible(page: Page): Promise<void> {
  const ring = await page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'focus on the page body';
    if (!active.matches(':focus-visible')) return 'not :focus-visible';
    const style = getComputedStyle(active);
    return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 ? 'ok' : 'no outline';
  });
  expect(ring, await describeFocus(page)).toBe('ok');
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, checking the ring at every stop and, when
 * `within` is given (an open dialog), that focus never leaves it.
 */
async function tabTo(page: Page, target: Locator, options: { back?: boolean; within?: Locator; max?: number } = {}) {
  for (let presses = 0; presses < (options.max ?? 120); presses++) {
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
    await expectFocusVisible(page);
    if (options.within) expect(await focusInside(options.within), await describeFocus(page)).toBe(true);
    if (await isFocused(target)) return;
  }
  throw new Error(`Tab never reached the target; focus is on ${await describeFocus(page)}`);
}

const focusInside = (container: Locator) => container.evaluate((element) => element.contains(document.activeElement));

/** After a navigation: the new page's title, and focus on its main heading. */
async function expectArrived(page: Page, title: string, heading: string | RegExp): Promise<void> {
  await expect.poll(() => page.title(), { timeout: 15_000 }).toBe(title);
  const h1 = page.getByRole('heading', { level: 1, name: heading });
  await h1.waitFor({ timeout: 15_000 });
  await expect.poll(() => isFocused(h1), { timeout: 15_000 }).toBe(true);
}

it('buys, draws every ticket and tries again with the keyboard only', { timeout: 180_000 }, async () => {
  const { context, page, token } = await demoShopper(browser, server.url);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  // Titles: after /faq the next page reads its own title (it used to keep "FAQ · Kujiya").
  await page.goto('/faq');
  await expect.poll(() => page.title()).toBe('FAQ · Kujiya');
  const menu = page.getByRole('button', { name: 'Menu' });
  // /faq arrives prerendered (docs/performance.md): keys reach it once the app has rendered over it.
  await menu.waitFor();
  await tabTo(page, menu);
  await page.keyboard.press('Enter');
  const firstLink = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link').first();
  await tabTo(page, firstLink);
  // Escape closes the menu and gives focus back to its button, not to the page.
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);
  expect(await isFocused(menu)).toBe(true);
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('link', { name: 'Orders', exact: true }));
  await page.keyboard.press('Enter');
  await expectArrived(page, 'Orders · Kujiya', 'Orders');

  // The list, by the logo then the home banner's link: the list's heading takes focus.
  await tabTo(page, page.getByRole('link', { name: 'Kujiya home' }), { back: true });
  await page.keyboard.press('Enter');
  await expect.poll(() => page.title()).toBe('Kujiya · Ichiban Kuji in Singapore');
  await page.goto('/ichiban-kuji-products');
  await expect.poll(() => page.title()).toBe('Ichiban Kuji · Kujiya');
  // The list arrives prerendered, its cards with the listing (docs/performance.md).
  await page.locator('[role="tabpanel"] .product-card').first().waitFor();

  // A plain set of the first tab (arrow keys are not used: the tab list is not walked).
  const shown = await page
    .locator('[role="tabpanel"] .product-card[data-product-id]')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-product-id')));
  const balance = await tokenBalance(page, token);
  const product = (await listProducts(page)).find(
    (p) =>
      shown.includes(p.productId) &&
      !p.lottery.enabled &&
      p.promotion === null &&
      p.holdTimeLeft === 0 &&
      !p.preorder &&
      ticketsLeftOf(p) >= 3 &&
      p.token * 2 <= balance,
  );
  expect(product, 'a plain set on the first tab').toBeDefined();
  const card = page.locator(`.product-card[data-product-id="${product!.productId}"]`).first();
  const playButton = card.getByRole('button', { name: 'Play' });
  await tabTo(page, playButton);

  // The play popup: focus moves inside; − at the minimum keeps focus (aria-disabled, not disabled).
  await page.keyboard.press('Enter');
  const play = dialog(page, product!.name);
  await play.waitFor();
  await expect.poll(() => focusInside(play)).toBe(true);
  const quantity = play.getByLabel('Ticket quantity');
  const more = play.getByRole('button', { name: 'More tickets' });
  const fewer = play.getByRole('button', { name: 'Fewer tickets' });
  await tabTo(page, more, { within: play });
  await page.keyboard.press('Enter');
  expect(await quantity.inputValue()).toBe('2');
  await tabTo(page, fewer, { back: true, within: play });
  await page.keyboard.press('Space');
  expect(await quantity.inputValue()).toBe('1');
  expect(await fewer.getAttribute('aria-disabled')).toBe('true');
  expect(await isFocused(fewer), 'the − at the minimum keeps focus').toBe(true);
  await page.keyboard.press('Enter'); // pressing it again does nothing
  expect(await quantity.inputValue()).toBe('1');
  await tabTo(page, more, { within: play });
  await page.keyboard.press('Enter');
  expect(await quantity.inputValue()).toBe('2');
  await viewportShot(page, 'keyboard-play-quantity');

  // BUY → terms: Escape closes it and focus returns to BUY; again, tick the box with Space, Next.
  const buy = play.getByRole('button', { name: 'BUY', exact: true });
  await tabTo(page, buy, { within: play });
  await page.keyboard.press('Enter');
  let terms = dialog(page, 'Terms and Conditions');
  await terms.waitFor();
  await expect.poll(() => focusInside(terms)).toBe(true);
  await page.keyboard.press('Escape');
  await expect.poll(() => terms.count()).toBe(0);
  expect(await isFocused(buy), 'focus back on BUY').toBe(true);
  await page.keyboard.press('Enter');
  terms = dialog(page, 'Terms and Conditions');
  await terms.waitFor();
  await tabTo(page, terms.getByRole('checkbox'), { within: terms });
  await page.keyboard.press('Space');
  expect(await terms.getByRole('checkbox').isChecked()).toBe(true);
  await tabTo(page, terms.getByRole('button', { name: 'Next' }), { within: terms });
  await viewportShot(page, 'keyboard-terms-next');
  await page.keyboard.press('Enter');

  // Confirm: Yes is focused first (it was Cancel: autoFocus ran before showModal()).
  const confirm = dialog(page, 'Confirm purchase');
  await confirm.waitFor();
  await expect.poll(() => isFocused(confirm.getByRole('button', { name: 'Yes' }))).toBe(true);
  await expectFocusVisible(page);
  await viewportShot(page, 'keyboard-confirm-yes-focused');
  await page.keyboard.press('Enter');

  // /draw: its own title and its heading focused; then each ticket with the keyboard.
  await page.waitForURL('**/draw');
  await expectArrived(page, 'Draw · Kujiya', product!.name);
  const draw = page.getByRole('button', { name: 'Draw', exact: true });
  await expect.poll(() => draw.getAttribute('aria-disabled'), { timeout: 15_000 }).toBe('false');
  await tabTo(page, draw);
  await page.keyboard.press('Enter');
  for (let ticket = 0; ticket < 2; ticket++) {
    const popup = ticketPopup(page);
    await popup.waitFor();
    const open = popup.getByRole('button', { name: 'Open Ticket' });
    await expect.poll(() => isFocused(open), { timeout: 10_000 }).toBe(true);
    await page.keyboard.press('Enter');
    // While it tears, the button is aria-disabled and keeps focus (it used to drop focus to the page).
    expect(await focusInside(popup)).toBe(true);
    await popup.getByTestId('ticket-reveal').waitFor();
    const prize = (await popup.getByTestId('revealed-prize').textContent())!;
    const described = (await popup.locator('.reveal__description').textContent())!;
    // The prize is said in words, in the dialog's live region: its rank and what it is (its card's text).
    await expect
      .poll(() => popup.getByTestId('live-announcement').textContent())
      .toSatisfy((said) => String(said).startsWith(`You won ${prize} (${described}).`));
    const next = popup.getByRole('button', { name: ticket === 0 ? 'Draw Next Ticket' : 'Show Results' });
    await expect.poll(() => isFocused(next)).toBe(true);
    await expectFocusVisible(page);
    if (ticket === 0) await viewportShot(page, 'keyboard-ticket-opened');
    await page.keyboard.press('Enter');
  }

  // /results: heading focused, the haul announced; Try Again reopens the set's play popup.
  await page.waitForURL('**/results', { timeout: 20_000 });
  await expectArrived(page, 'Results · Kujiya', 'YOU WON');
  await expect.poll(() => page.getByTestId('live-announcement').textContent()).toMatch(/^You won \d+ × /);
  await tabTo(page, page.getByRole('button', { name: 'Try Again' }));
  await page.keyboard.press('Enter');
  await page.waitForURL('**/ichiban-kuji-products');
  const again = dialog(page, product!.name);
  await again.waitFor({ timeout: 15_000 });
  await expect.poll(() => page.title()).toBe('Ichiban Kuji · Kujiya');
  await expect.poll(() => focusInside(again), { timeout: 10_000 }).toBe(true);
  await page.keyboard.press('Escape');
  await expect.poll(() => again.count()).toBe(0);

  expect(errors).toEqual([]);
  await context.close();
});

it(
  'self-collects from the inventory with the keyboard: + keeps focus at its maximum, nothing hides under the Confirm bar',
  { timeout: 180_000 },
  async () => {
    const { context, page } = await demoShopper(browser, server.url);
    await page.goto('/inventory');
    await expect.poll(() => page.title()).toBe('Manage Inventory · Kujiya');
    await page.locator('[data-testid="inventory-set"]').first().waitFor({ timeout: 15_000 });

    // Escape from the bell's dropdown gives focus back to the bell.
    const bell = page.getByTestId('notification-bell');
    await tabTo(page, bell);
    await page.keyboard.press('Enter');
    const list = page.getByRole('region', { name: 'Notifications' });
    await list.waitFor();
    await page.keyboard.press('Tab');
    expect(await focusInside(list)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => list.count()).toBe(0);
    expect(await isFocused(bell), 'focus back on the bell').toBe(true);

    await tabTo(
      page,
      page.getByRole('group', { name: 'Inventory actions' }).getByRole('button', { name: 'Self-Collect' }),
    );
    await page.keyboard.press('Enter');
    const increases = page.getByRole('button', { name: 'Increase' });
    await increases.first().waitFor();
    await tabTo(page, increases.first());
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('button', { name: /^Confirm Self-Collect Items/ });
    await confirm.waitFor();

    // Every control Tab reaches stays above the floating Confirm bar (the page scrolls it clear).
    const last = increases.last();
    for (let presses = 0; presses < 300 && !(await isFocused(last)); presses++) {
      await page.keyboard.press('Tab');
      await expectFocusVisible(page);
      const hidden = await page.evaluate(() => {
        const active = document.activeElement;
        const bar = document.querySelector('.floating-confirm');
        if (!active || !bar || bar.contains(active)) return false;
        return active.getBoundingClientRect().bottom > bar.getBoundingClientRect().top + 1;
      });
      expect(hidden, `under the Confirm bar: ${await describeFocus(page)}`).toBe(false);
    }
    expect(await isFocused(last)).toBe(true);

    // + up to the batch's maximum: it turns aria-disabled and keeps focus.
    for (let presses = 0; presses < 50 && (await last.getAttribute('aria-disabled')) !== 'true'; presses++) {
      await page.keyboard.press('Enter');
    }
    expect(await last.getAttribute('aria-disabled')).toBe('true');
    expect(await isFocused(last), 'the + at its maximum keeps focus').toBe(true);
    await viewportShot(page, 'keyboard-inventory-plus-at-max');

    // Confirm → the self-collection dialog takes focus; Escape gives it back to Confirm. Its slots and
    // pickup address are held back until it has opened, as on a slow phone: the focus it placed while
    // they loaded must survive their arrival (a day offered before the slots came and turned off by
    // them, a Wednesday evening, used to drop it on the page).
    let releaseLoads!: () => void;
    const loadsHeld = new Promise<void>((resolve) => (releaseLoads = resolve));
    await page.route(/\/api\/(self-collection\/slots|settings\/pickup-point)/, async (route) => {
      await loadsHeld;
      await route.continue();
    });
    await tabTo(page, confirm);
    await page.keyboard.press('Enter');
    const collect = dialog(page, 'Confirm Self-Collect');
    await collect.waitFor();
    await expect.poll(() => focusInside(collect), { timeout: 5_000 }).toBe(true);
    await viewportShot(page, 'keyboard-self-collect-dialog-loading');
    releaseLoads();
    await collect.getByRole('status', { name: 'Loading time slots' }).waitFor({ state: 'detached' });
    expect(await focusInside(collect), `after the slots came: ${await describeFocus(page)}`).toBe(true);
    await expectFocusVisible(page);
    await viewportShot(page, 'keyboard-self-collect-dialog');
    await page.keyboard.press('Escape');
    await expect.poll(() => collect.count()).toBe(0);
    expect(await isFocused(confirm), 'focus back on Confirm').toBe(true);
    await context.close();
  },
);

it(
  'edits a token package in the back office with the keyboard: focus into the editor and back to its Edit button',
  { timeout: 120_000 },
  async () => {
    const { context, page } = await ownerContext(browser, server.url);
    await page.goto('/admin/token-packages');
    await expect.poll(() => page.title()).toBe('Token Packages · Admin · Kujiya');
    const table = page.getByRole('table');
    const edit = table.getByRole('button', { name: 'Edit' }).first();
    await edit.waitFor({ timeout: 15_000 });
    await tabTo(page, edit);
    await page.keyboard.press('Enter');
    // The editor replaces the list: focus moves to its first field.
    const name = page.getByLabel('Name', { exact: true });
    await expect.poll(() => isFocused(name)).toBe(true);
    await expectFocusVisible(page);
    await viewportShot(page, 'keyboard-admin-editor');
    // Cancel (reached by Tab) gives focus back to the same Edit button.
    await tabTo(page, page.getByRole('button', { name: 'Cancel' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => isFocused(table.getByRole('button', { name: 'Edit' }).first())).toBe(true);
    // Again, and Enter in a field saves: focus returns to the Edit button after the save.
    await page.keyboard.press('Enter');
    await expect.poll(() => isFocused(name)).toBe(true);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => isFocused(table.getByRole('button', { name: 'Edit' }).first()), { timeout: 15_000 })
      .toBe(true);
    await expectFocusVisible(page);
    await context.close();
  },
);

it(
  'opens an offer on the trading marketplace with the keyboard: focus into the dialog, Escape back to Offer Trade',
  { timeout: 120_000 },
  async () => {
    const { context, page } = await demoShopper(browser, server.url);
    await page.goto('/trading-marketplace');
    await expect.poll(() => page.title()).toBe('Trading Marketplace · Kujiya');
    const offer = page
      .getByTestId('trade-card')
      .filter({ hasText: 'sakura_fan' })
      .first()
      .getByRole('button', { name: 'Offer Trade' });
    await offer.waitFor({ timeout: 15_000 });
    await tabTo(page, offer, { max: 200 });
    await page.keyboard.press('Enter');
    const offerDialog = dialog(page, 'Offer Trade');
    await offerDialog.waitFor();
    await expect.poll(() => focusInside(offerDialog)).toBe(true);
    await expectFocusVisible(page);
    // Tab walks the dialog's controls and stays inside it.
    await tabTo(page, offerDialog.getByRole('button', { name: 'Increase' }).first(), { within: offerDialog });
    await viewportShot(page, 'keyboard-offer-trade');
    await page.keyboard.press('Escape');
    await expect.poll(() => offerDialog.count()).toBe(0);
    expect(await isFocused(offer), 'focus back on Offer Trade').toBe(true);
    await context.close();
  },
);

import { expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { useShop } from './support/shop.ts';
import { PHONE } from './support/browser.ts';
import { logInContext } from './support/shopper.ts';
import {
  buyWithTokens,
  listProducts,
  ticketPopup,
  ticketsLeftOf,
  viewportShot,
  waitDrawReady,
} from './support/draw.ts';
import type { RunningServer } from '../apps/server/src/server.ts';

// prefers-reduced-motion: reduce (the shopper's system setting): nothing slides, zooms or shakes, and
// the ticket's tear is a short fade instead of the 72-frame animation.
let server: RunningServer;
let browser: Browser;
useShop((shop) => ({ server, browser } = shop));

/** The running animations of the first element matching `selector`: their names and animated properties. */
function animationsOf(page: Page, selector: string) {
  return page.evaluate((css) => {
    const element = document.querySelector(css);
    if (!element) return null;
    return element.getAnimations().map((animation) => {
      const effect = animation.effect as KeyframeEffect | null;
      const properties = new Set(
        (effect?.getKeyframes() ?? []).flatMap((frame) =>
          Object.keys(frame).filter((key) => !['offset', 'computedOffset', 'easing', 'composite'].includes(key)),
        ),
      );
      return {
        name: animation instanceof CSSAnimation ? animation.animationName : 'script',
        properties: [...properties].sort(),
        duration: Number(effect?.getTiming().duration ?? 0),
      };
    });
  }, selector);
}

it('with reduced motion the box does not shake, dialogs and menus fade, and the tear is a short fade', async () => {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-SG',
    timezoneId: 'Asia/Singapore',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await logInContext(context);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const product = (await listProducts(page))
    .filter((p) => !p.lottery.enabled && p.promotion === null && p.holdTimeLeft === 0 && ticketsLeftOf(p) >= 3)
    .sort((a, b) => a.token - b.token)[0]!;

  // The menu drops in with a fade, not a slide.
  await page.goto('/ichiban-kuji-products');
  expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
  await page.getByRole('button', { name: 'Menu' }).click();
  const menuAnimations = await animationsOf(page, '.nav-dropdown');
  for (const animation of menuAnimations ?? []) expect(animation.properties).toEqual(['opacity']);
  expect(await page.locator('.nav-dropdown').evaluate((element) => getComputedStyle(element).animationName)).toBe(
    'reduced-fade-in',
  );
  await page.getByRole('button', { name: 'Menu' }).click();
  // The product cards do not zoom as they scroll by: no transform in their transition.
  const cardTransition = await page
    .locator('.product-card')
    .first()
    .evaluate((element) => getComputedStyle(element).transitionProperty);
  expect(cardTransition).not.toContain('transform');

  await buyWithTokens(page, product, 1);
  await waitDrawReady(page);

  // Shake: the box stays still (no animation runs on it).
  await page.getByRole('button', { name: 'Shake' }).click();
  expect(await page.getByTestId('box').getAttribute('data-shaking')).toBe('true');
  expect(await animationsOf(page, '[data-testid="box"]')).toEqual([]);
  expect(await page.getByTestId('box').evaluate((element) => getComputedStyle(element).animationName)).toBe('none');

  // The ticket popup fades in; Open Ticket fades the sealed ticket out (opacity only, 200 ms), no tear.
  await page.getByRole('button', { name: 'Draw', exact: true }).click();
  const popup = ticketPopup(page);
  await popup.waitFor();
  for (const animation of (await animationsOf(page, 'dialog.ticket-popup')) ?? []) {
    expect(animation.properties).toEqual(['opacity']);
  }
  // Records the script animations started from here on (the fade may end before it could be read).
  await page.evaluate(() => {
    const started: { testId: string | null; keyframes: string; duration: unknown }[] = [];
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (this: Element, keyframes, options) {
      started.push({
        testId: this.getAttribute('data-testid'),
        keyframes: JSON.stringify(keyframes),
        duration: typeof options === 'object' ? options.duration : options,
      });
      return animate.call(this, keyframes, options);
    };
    (window as unknown as { startedAnimations: typeof started }).startedAnimations = started;
  });
  await popup.getByRole('button', { name: 'Open Ticket' }).click();
  // Half way through the fade, held for a screenshot (skipped if the fade already ended).
  const held = await page.evaluate(() => {
    const fades = document.querySelector('[data-testid="ticket"]')?.getAnimations() ?? [];
    for (const fade of fades) {
      fade.pause();
      fade.currentTime = 100;
    }
    return fades.length > 0;
  });
  if (held) {
    await viewportShot(page, 'reduced-motion-tear-fading');
    await page.evaluate(() =>
      document
        .querySelector('[data-testid="ticket"]')
        ?.getAnimations()
        .forEach((fade) => fade.play()),
    );
  }
  await popup.getByTestId('ticket-reveal').waitFor();
  expect(await page.evaluate(() => (window as unknown as { startedAnimations: unknown[] }).startedAnimations)).toEqual([
    { testId: 'ticket', keyframes: JSON.stringify([{ opacity: 1 }, { opacity: 0 }]), duration: 200 },
  ]);
  expect(await page.locator('.reveal__ticket').evaluate((element) => getComputedStyle(element).animationName)).toBe(
    'reduced-fade-in',
  );
  await viewportShot(page, 'reduced-motion-ticket-opened');
  expect(errors).toEqual([]);
  await context.close();
});

import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { useShop } from './support/shop.ts';
import { newPhoneContext, screenshot } from './support/browser.ts';
import type { RunningServer } from '../apps/server/src/server.ts';

const DESKTOP_TEXT = 'For the best experience, please use a mobile device.';
const INFO_PAGES = [
  { label: 'Terms and Conditions', path: '/terms-and-conditions', shot: 'info-terms' },
  { label: 'Shipping and Delivery', path: '/shipping-and-delivery', shot: 'info-shipping' },
  { label: 'FAQ', path: '/faq', shot: 'info-faq' },
  { label: 'About Us', path: '/about-us', shot: 'info-about' },
  { label: 'How It Works', path: '/how-it-works', shot: 'info-how-it-works' },
  { label: 'Contact Us', path: '/contact-us', shot: 'info-contact' },
];

let server: RunningServer;
let browser: Browser;
useShop((shop) => ({ server, browser } = shop));

/** Full-page screenshot taken from the top, so the sticky navigation bar sits where it belongs. */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(250);
  await screenshot(page, name);
}

async function phonePage(viewport?: { width: number; height: number }): Promise<Page> {
  const context = await newPhoneContext(browser, server.url, viewport);
  return context.newPage();
}

describe('home at phone size', () => {
  it('shows the banners, no desktop popup, and Play opens the product list', async () => {
    const page = await phonePage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Ichiban Kuji' }).waitFor();
    await expect(page.getByRole('button', { name: 'Coming soon' }).isDisabled()).resolves.toBe(true);
    // The footer follows the first paint (docs/performance.md).
    await page.getByRole('contentinfo').getByText('© 2025 Kujiya').waitFor();
    await page.waitForTimeout(300);
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await shot(page, 'home-phone');

    // The 'Play button' is a button (the footer entries are links).
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.waitForURL('**/ichiban-kuji-products');
    await page.context().close();
  });

  it('shows Successfully logged in! for 3 s when the session flag is set, once', async () => {
    const page = await phonePage();
    await page.goto('/about-us');
    await page.evaluate(() => sessionStorage.setItem('loginSuccess', 'true'));
    // The page's timers run on a paused fake clock, so the 3 s are measured exactly, not raced.
    const start = new Date('2026-01-01T02:00:00Z');
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 1000));
    await page.goto('/');
    const banner = page.getByText('Successfully logged in!');
    await banner.waitFor({ state: 'visible' });
    await expect(page.evaluate(() => sessionStorage.getItem('loginSuccess'))).resolves.toBeNull();
    await page.waitForTimeout(300); // let the slide-in animation finish for the screenshot
    await shot(page, 'home-login-banner');
    await page.clock.runFor(2900);
    await expect(banner.isVisible()).resolves.toBe(true);
    await page.clock.runFor(200);
    await banner.waitFor({ state: 'hidden' });

    // The flag was consumed: coming back to home shows no banner.
    await page.reload();
    await page.getByRole('heading', { name: 'Ichiban Kuji' }).waitFor();
    await page.clock.runFor(500);
    await expect(banner.count()).resolves.toBe(0);
    await page.context().close();
  });
});

describe('desktop popup', () => {
  it('appears above 768 px with the exact text, closes with Escape, once per visit', async () => {
    const page = await phonePage({ width: 1280, height: 800 });
    await page.goto('/');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect(dialog.getByText(DESKTOP_TEXT, { exact: true }).isVisible()).resolves.toBe(true);
    await shot(page, 'home-desktop-popup');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('heading', { name: 'Ichiban Kuji' }).waitFor();
    await page.waitForTimeout(300);
    await expect(dialog.count()).resolves.toBe(0);
    await page.context().close();
  });

  it('does not appear at 390 px, and appears when the window widens past 768 px', async () => {
    const page = await phonePage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Ichiban Kuji' }).waitFor();
    await page.waitForTimeout(300);
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await page.setViewportSize({ width: 769, height: 844 });
    await page.getByRole('dialog').getByText(DESKTOP_TEXT).waitFor();
    await page.getByRole('button', { name: 'Continue anyway' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.context().close();
  });
});

describe('info pages', () => {
  it('footer links open every info page, each with its heading and the footer', async () => {
    const page = await phonePage();
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.waitFor();
    const social = footer.getByRole('link', { name: /Instagram|TikTok/ });
    await expect(social.count()).resolves.toBe(2);
    for (const link of await social.all()) {
      await expect(link.getAttribute('rel')).resolves.toContain('noopener');
      await expect(link.getAttribute('target')).resolves.toBe('_blank');
    }
    for (const info of INFO_PAGES) {
      await footer.getByRole('link', { name: info.label, exact: true }).click();
      await page.waitForURL(`**${info.path}`);
      await page.getByRole('heading', { level: 1, name: info.label, exact: true }).waitFor();
      await expect(page.title()).resolves.toBe(`${info.label} · Kujiya`);
      await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
      await expect(footer.getByText('© 2025 Kujiya').isVisible()).resolves.toBe(true);
      await shot(page, info.shot);
    }
    await page.context().close();
  });

  it('FAQ has General, Shipping Related and Token Related with collapsible questions', async () => {
    const page = await phonePage();
    await page.goto('/faq');
    for (const [title, question, answerPart] of [
      ['General', 'Can I get a refund or return a prize?', 'no refunds or returns after purchase'],
      ['Shipping Related', 'How long does delivery take?', '2 to 4 working days'],
      ['Token Related', 'Do tokens expire?', '6 months after purchase'],
    ]) {
      const section = page.getByRole('region', { name: title, exact: true });
      await section.getByRole('heading', { level: 2, name: title, exact: true }).waitFor();
      const answer = section.getByText(answerPart);
      await expect(answer.isVisible()).resolves.toBe(false);
      await section.getByText(question, { exact: true }).click();
      await answer.waitFor({ state: 'visible' });
      await section.getByText(question, { exact: true }).click();
      await answer.waitFor({ state: 'hidden' });
    }
    await page.getByText('How much is shipping?').click();
    await page.getByText('Do tokens expire?').click();
    await shot(page, 'info-faq-open');
    await page.context().close();
  });

  it('blind boxes placeholder, audio test and the not-found page render', async () => {
    const page = await phonePage();
    await page.goto('/blind-boxes-products');
    await page.getByRole('heading', { level: 1, name: 'Blind Boxes Page', exact: true }).waitFor();
    await expect(page.getByText('Coming soon').first().isVisible()).resolves.toBe(true);
    await shot(page, 'info-blind-boxes');

    await page.goto('/test-audio');
    await page.getByRole('button', { name: /Play test tone/ }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Test tone played|cannot play sound/ })
      .waitFor();
    await shot(page, 'info-test-audio');

    await page.goto('/no-such-page');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await shot(page, 'not-found-page');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });
});

import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { useShop } from './support/shop.ts';
import { newPhoneContext, watchErrors } from './support/browser.ts';
import { demoShopper } from './support/draw.ts';
import type { RunningServer } from '../apps/server/src/server.ts';

/** What the page records as it loads: layout shifts, largest paints, the first frame with the markup. */
interface Seen {
  shifts: number[];
  lcp: string[];
  markupFrame: number;
}

let server: RunningServer;
let browser: Browser;
useShop((shop) => ({ server, browser } = shop));

/** A phone-sized page with scripts switched off: what the document alone paints. */
const phoneWithoutScripts = () =>
  browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 }, javaScriptEnabled: false });

/**
 * docs/performance.md, "Prerendered pages": the static pages arrive as HTML the build rendered, painted
 * before any script runs, and the app then renders the same page over it.
 */
describe('prerendered pages', () => {
  it('paint their text, styled and titled, with scripts switched off', async () => {
    const context = await phoneWithoutScripts();
    const page = await context.newPage();
    await page.goto('/faq');
    await page.getByRole('heading', { level: 1, name: 'FAQ' }).waitFor();
    await page.getByText('Quick answers about playing, shipping and tokens.').waitFor();
    await expect(page.title()).resolves.toBe('FAQ · Kujiya');
    // The frame's stylesheet is linked, not left to a script: the bar is already sticky.
    await expect(page.locator('header.navbar').evaluate((bar) => getComputedStyle(bar).position)).resolves.toBe(
      'sticky',
    );

    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Sign In' }).waitFor();
    await expect(page.title()).resolves.toBe('Sign In · Kujiya');
    // Until the app has rendered over it, the form cannot be used (it would submit its fields in the address).
    await expect(page.locator('#root').evaluate((root) => (root as HTMLElement).inert)).resolves.toBe(true);
    await context.close();
  });

  it('start their scripts after the first paint, then the app takes over without a shift or an error', async () => {
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.addInitScript(() => {
      const seen: Seen = { shifts: [], lcp: [], markupFrame: 0 };
      (window as unknown as { seen: Seen }).seen = seen;
      // The first frame drawn with the page's markup (frames wait for its stylesheets): when it painted.
      const frame = () =>
        document.querySelector('#root > *') ? (seen.markupFrame = performance.now()) : requestAnimationFrame(frame);
      requestAnimationFrame(frame);
      new PerformanceObserver((list) =>
        list.getEntries().forEach((entry) => seen.shifts.push((entry as unknown as { value: number }).value)),
      ).observe({ type: 'layout-shift', buffered: true });
      new PerformanceObserver((list) =>
        list
          .getEntries()
          .forEach((entry) => seen.lcp.push((entry as unknown as { element?: Element }).element?.className ?? '')),
      ).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    // Slow stylesheets: the markup's first frame waits for them, so a script hinted in the document's
    // head (as the entry and the page's chunks are on other pages) would be requested well before it.
    await page.route('**/assets/*.css', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.goto('/faq');
    await page.waitForFunction(() => !document.getElementById('root')!.inert);
    await page.getByRole('contentinfo').waitFor();
    await page.waitForTimeout(500);

    const seen = await page.evaluate(() => (window as unknown as { seen: Seen }).seen);
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/[\w-]+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    );
    expect(scripts.length).toBeGreaterThan(3);
    expect(seen.markupFrame).toBeGreaterThan(0);
    expect(Math.min(...scripts), 'no app script is requested before the markup has been drawn').toBeGreaterThan(
      seen.markupFrame,
    );
    expect(seen.shifts, 'the app rendered over the markup without moving it').toEqual([]);
    // The largest paint is the prerendered lead; the app's render of the same text is no new one.
    expect(seen.lcp).toEqual(['info-hero__lead']);

    // The app's page: a question opens, and the bar's link navigates inside the app (no new document).
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const question = page.locator('details.faq-item').first();
    await question.locator('summary').click();
    await expect(question.evaluate((details) => (details as HTMLDetailsElement).open)).resolves.toBe(true);
    await page.getByRole('link', { name: 'Sign In / Sign Up' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign In' }).waitFor();
    await expect(page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).resolves.toBe(
      true,
    );
    await expect(page.title()).resolves.toBe('Sign In · Kujiya');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs a shopper in from the prerendered sign-in page once the app has taken over', async () => {
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/login');
    await page.waitForFunction(() => !document.getElementById('root')!.inert);
    await page.getByLabel('Username / Email').fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    // The app's own validation and answer, not a native form submission.
    await page.getByRole('alert').waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(errors.filter((error) => !error.includes('401'))).toEqual([]);
    await context.close();
  });

  it("paint a signed-in page's frame before the shopper's data; the app fills it in, or sends a visitor to sign in", async () => {
    const bare = await phoneWithoutScripts();
    const framePage = await bare.newPage();
    await framePage.goto('/orders');
    await framePage.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await framePage.getByRole('status', { name: 'Loading orders' }).waitFor();
    await expect(framePage.title()).resolves.toBe('Orders · Kujiya');
    await bare.close();

    const shopper = await demoShopper(browser, server.url);
    const errors = watchErrors(shopper.page);
    await shopper.page.goto('/orders');
    await shopper.page.waitForFunction(() => !document.getElementById('root')!.inert);
    await shopper.page.getByTestId('order-row').first().waitFor();
    // The app's signed-in bar replaced the prerendered visitor's one.
    await shopper.page.getByRole('button', { name: /^Notifications/ }).waitFor();
    expect(await shopper.page.getByRole('link', { name: 'Sign In / Sign Up' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await shopper.context.close();

    const visitor = await newPhoneContext(browser, server.url);
    const page = await visitor.newPage();
    await page.goto('/inventory');
    await page.getByRole('heading', { level: 1, name: 'Sign In' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await visitor.close();
  });
});

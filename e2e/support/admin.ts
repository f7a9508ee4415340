import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newPhoneContext } from './browser.ts';

/** The back office at a desk (docs/rules/back-office.md) and on a small laptop. */
export const DESK = { width: 1280, height: 800 };
export const LAPTOP = { width: 1024, height: 768 };
/** The demo data's owner (README). */
export const DEMO_OWNER = { username: 'admin', password: 'Admin123!' };

/** Logs in at /admin/login and waits for the dashboard. */
export async function adminLogin(
  page: Page,
  credentials: { username: string; password: string } = DEMO_OWNER,
): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/admin/menu');
}

/** A new browser context signed in as the owner, at the given size (and time zone). */
export async function ownerContext(
  browser: Browser,
  baseURL: string,
  viewport = DESK,
  timezoneId?: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = timezoneId
    ? await browser.newContext({ baseURL, viewport, locale: 'en-SG', timezoneId })
    : await newPhoneContext(browser, baseURL, viewport);
  const page = await context.newPage();
  await adminLogin(page);
  return { context, page };
}

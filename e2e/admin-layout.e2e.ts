import { expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { useShop } from './support/shop.ts';
import { screenshot } from './support/browser.ts';
import { DESK, LAPTOP, ownerContext } from './support/admin.ts';
import { insertTestShopper } from '../apps/server/src/modules/accounts/test-helpers.ts';
import { formatSgDateTime } from '../packages/shared/src/common/singapore-time.ts';
import type { RunningServer } from '../apps/server/src/server.ts';

// The back office fits a desk (1280x800) and a small laptop (1024x768): the grouped sidebar, tables
// whose every column is in view, the order page, the shop-wide audit log, one Singapore date format
// everywhere, and Disable account asking first (docs/rules/back-office.md).
let server: RunningServer;
let browser: Browser;
useShop((shop) => ({ server, browser } = shop));

const SIZES = [DESK, LAPTOP] as const;
const NAV = 'Back office sections';
const OWNER_SECTIONS = [
  'Dashboard',
  'Products',
  'Orders',
  'Self Collections',
  'Shipments',
  'Inventory Lookup',
  'Token Packages',
  'Promo Codes',
  'Shoppers',
  'Announcements',
  'Account Deletions',
  'Settings',
  'Admins',
  'Audit Log',
  'Background Jobs',
  'My Account',
];

/** What does not fit: elements reaching past the viewport's sides, nav entries out of view, tables that scroll sideways. */
async function layoutProblems(page: Page): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.evaluate((navName) => {
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;
    const problems: string[] = [];
    const describe = (el: Element) =>
      `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> "${(el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
    if (document.documentElement.scrollWidth > vw + 1)
      problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px > ${vw} px`);
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (rect.left < -1 || rect.right > vw + 1)
        problems.push(
          `past the viewport (${Math.round(rect.left)} to ${Math.round(rect.right)} of ${vw}): ${describe(el)}`,
        );
    }
    for (const link of Array.from(document.querySelectorAll(`nav[aria-label="${navName}"] a`))) {
      const rect = link.getBoundingClientRect();
      if (rect.top < 0 || rect.bottom > vh + 1 || rect.left < 0 || rect.right > vw + 1)
        problems.push(`nav entry out of view: ${describe(link)}`);
    }
    for (const scroller of Array.from(document.querySelectorAll('.admin-table__scroll'))) {
      if (scroller.scrollWidth > scroller.clientWidth + 1)
        problems.push(
          `table scrolls sideways (${scroller.scrollWidth} > ${scroller.clientWidth}): ${describe(scroller.querySelector('thead') ?? scroller)}`,
        );
      const box = scroller.getBoundingClientRect();
      for (const cell of Array.from(scroller.querySelectorAll('th, td'))) {
        const rect = cell.getBoundingClientRect();
        if (rect.width > 0 && rect.right > box.right + 1) problems.push(`column out of view: ${describe(cell)}`);
      }
    }
    return problems;
  }, NAV);
}

async function settle(page: Page) {
  await page.locator('main h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page
    .getByText('Loading…')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
}

const slug = (label: string) => label.toLowerCase().replace(/[^a-z]+/g, '-');

/** Every screen reached through the nav, then the records opened from their lists; `check` runs on each. */
async function walkBackOffice(page: Page, check: (name: string) => Promise<void>) {
  const nav = page.getByRole('navigation', { name: NAV });
  // The menu renders once the admin's session has loaded; on a loaded machine that can trail the first paint.
  await expect.poll(() => nav.getByRole('link').allTextContents(), { timeout: 15_000 }).toEqual(OWNER_SECTIONS);
  for (const label of OWNER_SECTIONS) {
    await nav.getByRole('link', { name: label, exact: true }).click();
    await settle(page);
    await check(slug(label));
  }
  await nav.getByRole('link', { name: 'Products', exact: true }).click();
  await page.locator('table tbody a').nth(1).click();
  await page.getByText('Change history').waitFor();
  await settle(page);
  await check('product-detail');
  await nav.getByRole('link', { name: 'Orders', exact: true }).click();
  await page.locator('table tbody tr').first().getByRole('cell').nth(2).click();
  await page.waitForURL(/\/admin\/orders\/[0-9a-f-]{36}$/);
  await page.getByRole('region', { name: 'Draws' }).waitFor();
  await settle(page);
  await check('order');
  await nav.getByRole('link', { name: 'Shoppers', exact: true }).click();
  await page.getByRole('link', { name: 'demo', exact: true }).click();
  await page.getByRole('region', { name: 'Token ledger' }).waitFor();
  await settle(page);
  await check('shopper');
  await page.goto('/admin/add-product');
  await settle(page);
  await check('add-product');
}

/**
 * A page taller than the screen: the sidebar's white column and edge still reach its foot, beside the
 * page's grey (the nav itself is sticky and one screen tall). Read from the layout, not from pixels (a
 * capture on a loaded machine caught the page mid-paint): the shell reaches the document's end and
 * paints the sidebar's column white, then its edge, whatever the nav covers.
 */
async function footProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollHeight <= window.innerHeight + 40) return [];
    const shell = document.querySelector('.admin-shell');
    if (!shell) return ['no .admin-shell'];
    const problems: string[] = [];
    const end = shell.getBoundingClientRect().bottom + window.scrollY;
    if (end < root.scrollHeight - 1)
      problems.push(`the shell ends ${Math.round(root.scrollHeight - end)} px above the foot`);
    const paint = getComputedStyle(shell).backgroundImage;
    if (!/^linear-gradient\(to right, rgb\(255, 255, 255\) 199px, .*200px/.test(paint))
      problems.push(`the shell does not paint the sidebar's column white to 199 px, then its edge: ${paint}`);
    return problems;
  });
}

it('at 1280x800 and 1024x768 every back office screen fits: no element past the viewport, every nav entry in view, every table column in view, the sidebar down to the foot', async () => {
  for (const size of SIZES) {
    const { context, page } = await ownerContext(browser, server.url, size);
    const problems: string[] = [];
    await walkBackOffice(page, async (name) => {
      const found = [...(await layoutProblems(page)), ...(await footProblems(page))];
      problems.push(...found.map((problem) => `${name} at ${size.width}: ${problem}`));
      await screenshot(page, `layout-${name}-${size.width}`);
    });
    expect(problems).toEqual([]);
    await context.close();
  }
});

/** The one format: "7 Dec 2026" or "7 Dec 2026, 3:05 pm" (or "7 Dec" on a chart). Anything else date-like is wrong. */
const ONE_FORMAT = /\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)( \d{4}(, \d{1,2}:\d{2} [ap]m)?)?\b/g;
const MONTH = '(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*';
const OTHER_FORMATS = [
  /\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b/g,
  /\b\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?/g,
  /\b\d{1,2}:\d{2}(:\d{2})?(\s*[AaPp]\.?[Mm]\.?)?/g,
  new RegExp(`\\b${MONTH}\\.? \\d{1,2}\\b`, 'g'),
  new RegExp(`\\b\\d{1,2}(st|nd|rd|th)? ${MONTH}\\b`, 'g'),
];
const otherDateFormats = (text: string) => {
  const rest = text.replace(ONE_FORMAT, '[date]');
  return OTHER_FORMATS.flatMap((pattern) => [...rest.matchAll(pattern)].map((match) => match[0]));
};

it('every back office screen shows dates in one Singapore format and in Singapore time, even in a browser abroad', async () => {
  for (const other of [
    '10/12/2026',
    '2026-12-10T01:00:00Z',
    '10 Dec 2026, 15:00',
    'Dec 10, 2026',
    '10 December 2026',
    '10 Dec 2026 3:05 PM',
  ]) {
    expect(otherDateFormats(`Paid · ${other} · Active`), other).not.toEqual([]);
  }
  expect(otherDateFormats('10 Dec 2026 · 10 Dec 2026, 3:05 pm · Late March 2027 · 0/13 left')).toEqual([]);

  // An owner travelling: the browser is in New York; the shop is in Singapore.
  const { context, page } = await ownerContext(browser, server.url, DESK, 'America/New_York');
  const found: string[] = [];
  await walkBackOffice(page, async (name) => {
    const text = await page.locator('body').innerText();
    found.push(...otherDateFormats(text).map((date) => `${name}: "${date}"`));
    // The round's state in words, not its code ("open", "sold_out").
    if (name === 'product-detail') expect(text).toMatch(/Round\s+\d+ · (Open|Sold out|Closed \(reloaded\))/);
  });
  expect(found).toEqual([]);

  // The instants are Singapore time: the newest audit entry and the newest order as the API has them.
  const token = await page.evaluate(() => localStorage.getItem('adminToken'));
  const headers = { authorization: `Bearer ${token}` };
  const orders = (await (await page.request.get('/api/admin/orders', { headers })).json()) as {
    orders: { createdAt: string }[];
  };
  await page.goto('/admin/orders');
  await page
    .getByRole('cell', { name: formatSgDateTime(orders.orders[0]!.createdAt), exact: true })
    .first()
    .waitFor();
  const log = (await (await page.request.get('/api/admin/audit-log', { headers })).json()) as {
    entries: { at: string }[];
  };
  if (log.entries.length > 0) {
    await page.goto('/admin/audit-log');
    await page
      .getByRole('cell', { name: formatSgDateTime(log.entries[0]!.at), exact: true })
      .first()
      .waitFor();
  }
  await context.close();
});

it("a row of the orders table opens the order: its draws, payment, receipt and shopper; the shopper's records read as words and dates", async () => {
  const { context, page } = await ownerContext(browser, server.url, DESK);
  await page.goto('/admin/orders');
  const row = page.locator('table tbody tr').first();
  const product = (await row.getByRole('cell').nth(2).textContent())!;
  // A click on the row (its product cell, not a link) opens it.
  await row.getByRole('cell').nth(2).click();
  await page.waitForURL(/\/admin\/orders\/[0-9a-f-]{36}$/);
  await page.getByRole('heading', { name: /^Order [0-9a-f]{8}$/ }).waitFor();
  expect(await page.getByRole('region', { name: 'Order' }).textContent()).toContain('Paid');
  await expect.poll(() => page.getByText(product).count()).toBeGreaterThan(0);
  const draws = page.getByRole('region', { name: 'Draws' });
  expect(await draws.getByRole('listitem').count()).toBeGreaterThan(0);
  await page.getByRole('region', { name: 'Payments and refunds' }).getByText('No refunds.').waitFor();
  await page.getByTestId('receipt-card').waitFor();
  const shopper = page.getByRole('region', { name: 'Shopper' });
  const username = (await shopper.getByRole('link').textContent())!;
  await screenshot(page, 'admin-order-1280');
  await page.setViewportSize(LAPTOP);
  await screenshot(page, 'admin-order-1024');
  await page.setViewportSize(DESK);

  await shopper.getByRole('link').click();
  await page.getByRole('heading', { name: username }).waitFor();
  await page.getByRole('region', { name: 'Token ledger' }).waitFor();
  const records = ['Orders', 'Inventory', 'Shipments', 'Collections', 'Trades', 'Token lots', 'Token ledger'];
  for (const name of records) {
    const text = await page.getByRole('region', { name, exact: true }).innerText();
    // No field names, no codes, no ISO instants: words and Singapore dates.
    expect(text, name).not.toMatch(/\b[a-z]+[A-Z][a-zA-Z]*: /);
    expect(text, name).not.toMatch(
      /(^| · )(pending|paid|active|completed|cancelled|canceled|expired|purchase|bonus|spend|refund|adjustment|revoked|sold_out|open|closed)( · |$)/m,
    );
    expect(text, name).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  }
  expect(await page.getByRole('region', { name: 'Orders', exact: true }).innerText()).toMatch(
    /\d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m · /,
  );
  await screenshot(page, 'admin-shopper-records-1280');
  // Each of the shopper's orders opens too.
  await page.getByRole('region', { name: 'Orders', exact: true }).getByRole('link').first().click();
  await page.getByRole('region', { name: 'Draws' }).waitFor();
  await context.close();
});

it('Disable account asks first; the change is in the shop-wide audit log, which filters by admin, action, target and day', async () => {
  const victim = await insertTestShopper(server, 'layla');
  const { context, page } = await ownerContext(browser, server.url, DESK);
  // Another change of another kind, so the filters have something to leave out.
  const token = await page.evaluate(() => localStorage.getItem('adminToken'));
  const announced = await page.request.post('/api/admin/announcements', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      text: 'Closed on Friday.',
      severity: 'info',
      startsAt: new Date().toISOString(),
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
      active: false,
    },
  });
  expect(announced.status()).toBe(201);
  await page.goto(`/admin/shoppers/${victim.id}`);
  await page.getByRole('heading', { name: victim.username }).waitFor();

  // Cancel: nothing happens.
  await page.getByRole('button', { name: 'Disable account' }).click();
  const dialog = page.getByRole('dialog', { name: `Disable ${victim.username}?` });
  await dialog.waitFor();
  await screenshot(page, 'admin-disable-confirm-1280');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(await page.getByText('Active', { exact: true }).count()).toBe(1);
  expect(await page.getByText('shopper.disable').count()).toBe(0);
  // Confirm: disabled, and audited.
  await page.getByRole('button', { name: 'Disable account' }).click();
  await dialog.getByRole('button', { name: 'Disable account' }).click();
  await page.getByRole('button', { name: 'Enable account' }).waitFor();
  await page.getByText('shopper.disable by admin').waitFor();

  await page.getByRole('navigation', { name: NAV }).getByRole('link', { name: 'Audit Log' }).click();
  await page.getByRole('heading', { name: 'Audit Log' }).waitFor();
  const rows = page.getByRole('table').locator('tbody tr');
  await expect.poll(async () => rows.first().innerText()).toContain('shopper.disable');
  expect(await rows.first().innerText()).toContain('admin');
  expect(await rows.allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('announcement.create')]));
  await screenshot(page, 'admin-audit-log-1280');

  await page.getByLabel('Action', { exact: true }).selectOption('shopper.disable');
  await expect
    .poll(async () => (await rows.allInnerTexts()).every((text) => text.includes('shopper.disable')))
    .toBe(true);
  expect(await rows.count()).toBe(1);
  await page.getByLabel('Action', { exact: true }).selectOption('');
  await page.getByLabel('Admin', { exact: true }).selectOption('admin');
  await page.getByLabel('Target', { exact: true }).selectOption('shopper');
  await expect.poll(async () => (await rows.allInnerTexts()).every((text) => text.includes('Shopper'))).toBe(true);
  await rows
    .first()
    .getByRole('button', { name: /^Only changes of shopper / })
    .click();
  await expect.poll(() => rows.count()).toBe(1);
  // Today in Singapore holds it; a day long past holds nothing.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(new Date());
  await page.getByLabel('From').fill(today);
  await page.getByLabel('To').fill(today);
  await expect.poll(() => rows.count()).toBe(1);
  await page.getByLabel('From').fill('2020-01-01');
  await page.getByLabel('To').fill('2020-01-02');
  await page.getByText('No admin changes match.').waitFor();
  await page.setViewportSize(LAPTOP);
  await screenshot(page, 'admin-audit-log-filtered-1024');
  await context.close();
});

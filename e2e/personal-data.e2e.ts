import fs from 'node:fs';
import { expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { dataExportSchema } from '@kujiya/shared';
import { useShop } from './support/shop.ts';
import { newPhoneContext, screenshot } from './support/browser.ts';
import { demoShopper, dialog } from './support/draw.ts';
import { DEMO_SHOPPER } from './support/shopper.ts';
import { DESK, ownerContext } from './support/admin.ts';
import type { RunningServer } from '../apps/server/src/server.ts';

// A shopper's personal data on a phone (docs/rules/personal-data.md): the download, a deletion
// request confirmed by password, its pending date, the owner's list, and the cancel.
let server: RunningServer;
let browser: Browser;

useShop((shop) => ({ server, browser } = shop));

it('downloads my data, asks for deletion with the password, shows the date, lists it for the owner, cancels', async () => {
  const { context, page } = await demoShopper(browser, server.url);
  await page.goto('/user-profile');
  const section = page.getByRole('region', { name: 'Your data' });
  await section.waitFor();

  // Download my data: a JSON file named for the day, with every part.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^kujiya-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = dataExportSchema.parse(JSON.parse(fs.readFileSync((await download.path())!, 'utf8')));
  expect(data.profile.username).toBe(DEMO_SHOPPER.username);
  expect(data.orders.length).toBeGreaterThan(0);
  expect(data.tokenLedger.length).toBeGreaterThan(0);
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, 'pdpa-your-data');

  // Delete my account: a wrong password is refused in the dialog, the right one starts the period.
  await section.getByRole('button', { name: 'Delete my account' }).click();
  const confirm = dialog(page, 'Delete my account');
  await confirm.getByLabel('Password').fill('Wrong123!');
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await confirm.getByRole('alert').waitFor();
  await screenshot(page, 'pdpa-delete-dialog');
  await confirm.getByLabel('Password').fill(DEMO_SHOPPER.password);
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  const pending = section.getByRole('status');
  await pending.getByText(/Your account will be deleted on/).waitFor();
  expect(await confirm.isVisible()).toBe(false);
  await pending.scrollIntoViewIfNeeded();
  await screenshot(page, 'pdpa-pending');

  // The owner sees the request.
  const owner = await ownerContext(browser, server.url, DESK);
  await owner.page.goto('/admin/account-deletions');
  await owner.page.getByRole('link', { name: DEMO_SHOPPER.username }).waitFor();
  await screenshot(owner.page, 'pdpa-admin-account-deletions');
  await owner.context.close();

  // Cancel deletion: the request is gone, the button to ask again is back; a reload agrees.
  await pending.getByRole('button', { name: 'Cancel deletion' }).click();
  await section.getByRole('button', { name: 'Delete my account' }).waitFor();
  await page.reload();
  await page.getByRole('region', { name: 'Your data' }).getByRole('button', { name: 'Delete my account' }).waitFor();
  expect(await page.getByText(/Your account will be deleted on/).count()).toBe(0);
  await context.close();
});

it('the privacy page states what is kept, for how long, and is linked from the footer', async () => {
  const context = await newPhoneContext(browser, server.url);
  const page = await context.newPage();
  await page.goto('/about-us');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await page.getByRole('heading', { name: 'Privacy', level: 1 }).waitFor();
  expect(await page.getByText(/at least 5 years/).isVisible()).toBe(true);
  expect(await page.getByText(/7 days later/).isVisible()).toBe(true);
  await screenshot(page, 'pdpa-privacy');
  await context.close();
});

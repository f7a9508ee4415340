import { expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { accountMessages, outboxMailSchema, type OutboxMail } from '@kujiya/shared';
import { useShop } from './support/shop.ts';
import { newPhoneContext, screenshot } from './support/browser.ts';
import type { RunningServer } from '../apps/server/src/server.ts';

// Accounts on a phone: sign-up with the e-mailed code, the navigation bar, logout and login, both
// password recovery paths, the profile, the login guard and reminder, and the admin login and guard.
let server: RunningServer;
let browser: Browser;
useShop((shop) => ({ server, browser } = shop));

const DEMO_ADMIN = { username: 'admin', password: 'Admin123!' };
const USERNAME_RULE = 'Username must be 3-30 characters long and alphanumeric.';
const PASSWORD_RULE = 'Password must be at least 6 characters and include a number, a letter, and a special character';

/** A 1x1 PNG. */
const PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const unique = Date.now().toString(36);
const shopper = { username: `kuji${unique}`, email: `Kuji.${unique}@Example.com`, password: 'Draw4Prizes!' };
const emailLower = shopper.email.toLowerCase();

async function latestMail(page: Page, to: string): Promise<OutboxMail> {
  const response = await page.request.get(`/api/dev/outbox/latest?to=${encodeURIComponent(to)}`);
  expect(response.status()).toBe(200);
  return outboxMailSchema.parse(await response.json());
}

async function codeFromMail(page: Page, to: string): Promise<string> {
  const mail = await latestMail(page, to);
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1] ?? /\b(\d{6})\b/.exec(mail.text)?.[1];
  expect(code).toBeDefined();
  return code!;
}

/** Waits until a mail newer than `after` (its id) arrives for the address. */
async function nextMail(page: Page, to: string, after: string | null): Promise<OutboxMail> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await page.request.get(`/api/dev/outbox/latest?to=${encodeURIComponent(to)}`);
    if (response.ok()) {
      const mail = outboxMailSchema.parse(await response.json());
      if (mail.id !== after) return mail;
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`no new mail for ${to}`);
}

async function latestMailId(page: Page, to: string): Promise<string | null> {
  const response = await page.request.get(`/api/dev/outbox/latest?to=${encodeURIComponent(to)}`);
  return response.ok() ? outboxMailSchema.parse(await response.json()).id : null;
}

const alertText = (page: Page) => page.locator('.auth-message--error');
const button = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name, exact: typeof name === 'string' });
const visible = (locator: Locator) => locator.waitFor({ state: 'visible', timeout: 10_000 });

async function loginWith(page: Page, username: string, password: string) {
  await page.getByLabel('Username / Email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await button(page, 'Login').click();
}

async function logoutFromProfile(page: Page) {
  await page.goto('/user-profile');
  await button(page, 'Logout').click();
  await page.waitForURL((url) => url.pathname === '/');
  await visible(page.getByRole('link', { name: 'Sign In / Sign Up' }));
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
}

let context: BrowserContext;
let page: Page;

it('signs up with the e-mailed code and is logged in', async () => {
  context = await newPhoneContext(browser, server.url);
  page = await context.newPage();
  await page.goto('/');
  const signIn = page.getByRole('link', { name: 'Sign In / Sign Up' });
  await visible(signIn);
  await screenshot(page, 'nav-logged-out');
  await signIn.click();
  await page.waitForURL('**/login');
  await visible(page.getByRole('heading', { name: 'Sign In' }));
  await screenshot(page, 'auth-login');

  // The password toggle shows and hides the password; 'Password' labels the field alone, not the toggle.
  expect(await page.getByLabel('Password').count()).toBe(1);
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('secret1!');
  expect(await password.getAttribute('type')).toBe('password');
  await button(page, 'Show password').click();
  expect(await password.getAttribute('type')).toBe('text');
  await button(page, 'Hide password').click();
  expect(await password.getAttribute('type')).toBe('password');

  await button(page, 'New here?').click();
  await page.waitForURL('**/verify-email');
  await visible(page.getByRole('heading', { name: 'Continue with Email' }));
  const continueButton = button(page, 'Continue');
  expect(await continueButton.isDisabled()).toBe(true);
  await page.getByLabel('Email').fill('not-an-email');
  expect(await continueButton.isDisabled()).toBe(true);
  await page.getByLabel('Email').fill('demo@kujiya.sg');
  expect(await continueButton.isDisabled()).toBe(false);
  await continueButton.click();
  await visible(page.getByText('An account already exists with this email.'));
  await screenshot(page, 'auth-verify-email-exists');

  await page.getByLabel('Email').fill(shopper.email);
  await continueButton.click();
  await page.waitForURL('**/verify');
  await visible(page.getByRole('heading', { name: 'Enter Verification Code' }));
  await visible(page.getByText('The code is valid for 15 minutes.'));
  await visible(page.getByText(/30 seconds to 10 minutes/));
  const verify = button(page, 'Verify');
  expect(await verify.isDisabled()).toBe(true);
  // Resend is locked for 60 s with a visible countdown.
  const resend = page.getByRole('button', { name: /^Resend code/ });
  expect(await resend.isDisabled()).toBe(true);
  expect(await resend.textContent()).toMatch(/Resend code in (60|59|58)s/);
  await screenshot(page, 'auth-verify');

  const code = await codeFromMail(page, emailLower);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Verification Code').fill(wrong);
  await verify.click();
  await visible(page.getByText('Verification Code is incorrect, please request for a new code.'));
  await screenshot(page, 'auth-verify-wrong-code');

  await page.getByLabel('Verification Code').fill(code);
  await verify.click();
  await page.waitForURL('**/sign-up');
  await visible(page.getByText(emailLower));
  const create = button(page, 'Create Account');
  // 'Create Account' names only the button (the heading says Sign Up), so a text lookup finds one element.
  await visible(page.getByRole('heading', { name: 'Sign Up' }));
  expect(await page.getByText('Create Account').count()).toBe(1);
  expect(await create.isDisabled()).toBe(true);
  await page.getByLabel('Username').fill('ab');
  await page.getByLabel('Password', { exact: true }).fill('weak');
  expect(await create.isDisabled()).toBe(true);
  await page.getByLabel('Confirm Password').fill('wea');
  await create.click();
  // Every invalid field is marked at once, each described by its own message.
  const fieldMessage = async (label: string) => {
    const field = page.getByLabel(label, { exact: true });
    if ((await field.getAttribute('aria-invalid')) !== 'true') return null;
    return page.locator(`#${await field.getAttribute('aria-describedby')}`).textContent();
  };
  await visible(page.getByText(USERNAME_RULE));
  expect(await fieldMessage('Username')).toBe(USERNAME_RULE);
  expect(await fieldMessage('Password')).toBe(PASSWORD_RULE);
  expect(await fieldMessage('Confirm Password')).toBe('Passwords do not match');
  await screenshot(page, 'auth-sign-up-fields-marked');
  await page.getByLabel('Username').fill(shopper.username);
  expect(await fieldMessage('Username')).toBeNull();
  expect(await fieldMessage('Password')).toBe(PASSWORD_RULE);
  await page.getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByLabel('Confirm Password').fill(`${shopper.password}x`);
  await create.click();
  await visible(page.getByText('Passwords do not match'));
  expect(await fieldMessage('Password')).toBeNull();
  expect(await fieldMessage('Confirm Password')).toBe('Passwords do not match');
  await page.getByLabel('Username').fill('demo');
  await page.getByLabel('Confirm Password').fill(shopper.password);
  await create.click();
  await visible(page.getByText('Username already exists. Please choose a different username.'));
  await screenshot(page, 'auth-sign-up-error');

  await page.getByLabel('Username').fill(shopper.username);
  await create.click();
  await page.waitForURL((url) => url.pathname === '/');
  await visible(page.getByRole('button', { name: 'Menu' }));
  await visible(page.getByText('Successfully logged in!'));
  expect(await page.getByRole('link', { name: 'Sign In / Sign Up' }).count()).toBe(0);
  await visible(page.getByRole('button', { name: 'Notifications' }));
  await visible(page.getByRole('link', { name: /Token balance/ }));
  await screenshot(page, 'nav-logged-in');
});

it('opens the menu dropdown and closes it on an outside click or Escape', async () => {
  const menuButton = page.getByRole('button', { name: 'Menu' });
  await menuButton.click();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await visible(menu);
  const links = await menu
    .getByRole('link')
    .evaluateAll((anchors) =>
      anchors.map((anchor) => [anchor.textContent, new URL((anchor as HTMLAnchorElement).href).pathname]),
    );
  expect(links).toEqual([
    ['Manage Inventory', '/inventory'],
    ['Manage Trades', '/manage-trades'],
    ['View Profile', '/user-profile'],
    ['Orders', '/orders'],
    ['View Shipments/Self-Collections', '/shipments'],
    ['Trading Marketplace', '/trading-marketplace'],
    ['Purchase Tokens', '/purchase-tokens'],
    ['How It Works', '/how-it-works'],
    ['FAQ', '/faq'],
    ['Terms and Conditions', '/terms-and-conditions'],
    ['Shipping and Delivery', '/shipping-and-delivery'],
    ['About Us', '/about-us'],
    ['Contact Us', '/contact-us'],
  ]);
  expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
  await screenshot(page, 'nav-menu-open');

  // A press outside the dropdown (on the navigation bar's empty middle) closes it.
  await page.mouse.click(130, 28);
  await menu.waitFor({ state: 'detached' });
  expect(await menuButton.getAttribute('aria-expanded')).toBe('false');

  await menuButton.click();
  await visible(menu);
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });

  // The token balance links to /tokens.
  expect(await page.getByRole('link', { name: /Token balance/ }).getAttribute('href')).toBe('/tokens');

  await menuButton.click();
  await menu.getByRole('link', { name: 'View Profile' }).click();
  await page.waitForURL('**/user-profile');
  await menu.waitFor({ state: 'detached' });
});

it('edits the profile with validation, cancel and only changed fields', async () => {
  await visible(page.getByRole('heading', { name: `Welcome, ${shopper.username}!` }));
  await visible(page.getByText(accountMessages.addressMissing));
  await screenshot(page, 'profile-view-incomplete');

  await button(page, 'Edit Profile').click();
  const save = button(page, 'Save Changes');
  expect(await save.isDisabled()).toBe(true);
  await page.getByLabel('Phone Number').fill('71234567');
  await page.getByLabel('Postal Code').fill('12345');
  await page.getByLabel('Full Name').click();
  expect(await save.isDisabled()).toBe(false);
  await visible(page.getByText('Phone number must be 8 digits starting with 3, 6, 8 or 9.'));
  await visible(page.getByText('Postal code must be exactly 6 digits.'));
  await screenshot(page, 'profile-edit-invalid');
  await save.click();
  expect(await page.getByText(accountMessages.profileUpdated).count()).toBe(0);

  // Cancel drops the edits.
  await button(page, 'Cancel').click();
  await button(page, 'Edit Profile').click();
  expect(await page.getByLabel('Phone Number').inputValue()).toBe('');
  expect(await button(page, 'Save Changes').isDisabled()).toBe(true);

  await page.getByLabel('Full Name').fill('Kuji Fan');
  await page.getByLabel('Phone Number').fill('81234567');
  await page.getByLabel('Full Address').fill('10 Bayfront Avenue, Singapore');
  await page.getByLabel('Unit Number').fill('#05-01');
  await page.getByLabel('Postal Code').fill('018956');
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/users/update-profile'));
  await screenshot(page, 'profile-edit');
  await button(page, 'Save Changes').click();
  const body = (await sent).postData() ?? '';
  // Only changed fields: the country stayed SG, so it is not sent.
  expect(body).toContain('name="phoneNumber"');
  expect(body).toContain('name="postalCode"');
  expect(body).not.toContain('name="country"');

  await visible(page.getByText(accountMessages.profileUpdated));
  await visible(page.getByText('81234567'));
  await visible(page.getByText('018956'));
  expect(await page.getByText(accountMessages.addressMissing).count()).toBe(0);
  await screenshot(page, 'profile-saved');
  // The banner goes after 3 s.
  await page.getByText(accountMessages.profileUpdated).waitFor({ state: 'detached', timeout: 6_000 });

  // Edit mode opens straight away through navigation state editMode.
  await page.evaluate(() => {
    window.history.pushState({ usr: { editMode: true }, key: 'edit', idx: 1 }, '', '/user-profile');
  });
  await page.reload();
  await visible(button(page, 'Save Changes'));
  expect(await page.getByLabel('Phone Number').inputValue()).toBe('81234567');
  await button(page, 'Cancel').click();
  await visible(button(page, 'Edit Profile'));
  // Leaving edit mode drops the state, so a reload shows the profile.
  await page.reload();
  await visible(button(page, 'Edit Profile'));

  // A new profile picture is uploaded with the form and replaces the default one.
  const avatar = page.locator('.profile-avatar img').first();
  const defaultPicture = await avatar.getAttribute('src');
  await button(page, 'Edit Profile').click();
  await page
    .getByLabel('Profile picture')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(PIXEL_PNG, 'base64') });
  expect(await button(page, 'Save Changes').isDisabled()).toBe(false);
  await button(page, 'Save Changes').click();
  await visible(page.getByText(accountMessages.profileUpdated));
  await page.waitForFunction(
    (before) => document.querySelector('.profile-avatar img')?.getAttribute('src') !== before,
    defaultPicture,
  );
  const picture = await page.evaluate(() => localStorage.getItem('profilePicture'));
  expect(picture).toBeTruthy();
  expect(await avatar.getAttribute('src')).toBe(`/api/images/${encodeURIComponent(picture!)}`);
  const image = await page.request.get(`/api/images/${encodeURIComponent(picture!)}`);
  expect(image.status()).toBe(200);
});

it('logs out, bounces from a guarded page to login and returns after logging in by e-mail', async () => {
  await logoutFromProfile(page);
  await screenshot(page, 'nav-after-logout');

  await page.goto('/user-profile');
  await page.waitForURL('**/login');
  const guardPopup = page.getByRole('dialog', { name: 'Please login first!' });
  await visible(guardPopup);
  await screenshot(page, 'auth-login-guard');
  await guardPopup.getByRole('button', { name: 'OK' }).click();
  await guardPopup.waitFor({ state: 'detached' });

  await loginWith(page, shopper.email, 'Wrong123!');
  await visible(alertText(page));
  expect(await alertText(page).textContent()).toBe(accountMessages.invalidLogin);
  await screenshot(page, 'auth-login-error');

  await loginWith(page, shopper.email.toUpperCase(), shopper.password);
  await page.waitForURL('**/user-profile');
  await visible(page.getByRole('heading', { name: `Welcome, ${shopper.username}!` }));
});

it('recovers the password by the e-mailed link, once', async () => {
  await logoutFromProfile(page);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await page.waitForURL('**/reset-password-verify');
  const continueButton = button(page, 'Continue');
  expect(await continueButton.isDisabled()).toBe(true);
  await page.getByLabel('Email').fill('nobody@');
  expect(await continueButton.isDisabled()).toBe(true);
  const before = await latestMailId(page, emailLower);
  await page.getByLabel('Email').fill(shopper.email);
  await continueButton.click();
  await visible(page.locator('.auth-message--ok'));
  await screenshot(page, 'auth-reset-request');

  const mail = await nextMail(page, emailLower, before);
  const link = /\/reset-password\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link).toBeDefined();
  await page.goto(link!);
  await visible(page.getByRole('heading', { name: 'Reset Password' }));
  await page.getByLabel('New Password').fill('NewPass9!');
  await page.getByLabel('Confirm Password').fill('NewPass9?');
  await button(page, 'Reset Password').click();
  await visible(page.getByText('Passwords do not match'));
  await screenshot(page, 'auth-reset-password');
  await page.getByLabel('Confirm Password').fill('NewPass9!');
  await button(page, 'Reset Password').click();
  await page.waitForURL('**/login');
  await visible(page.getByText('Password has been reset successfully.'));
  await screenshot(page, 'auth-login-after-reset');

  await loginWith(page, shopper.username, shopper.password);
  await visible(alertText(page));
  await loginWith(page, shopper.username, 'NewPass9!');
  await page.waitForURL((url) => url.pathname === '/');
  await visible(page.getByText('Successfully logged in!'));
  shopper.password = 'NewPass9!';

  // The link works once.
  await page.goto(link!);
  await page.getByLabel('New Password').fill('Another9!');
  await page.getByLabel('Confirm Password').fill('Another9!');
  await button(page, 'Reset Password').click();
  await visible(page.getByText(accountMessages.resetLinkInvalid));
});

it('recovers the password by an e-mailed code', async () => {
  await logoutFromProfile(page);
  await page.goto('/reset-password-verify');
  await page.getByRole('link', { name: 'Use a verification code instead' }).click();
  await page.waitForURL('**/verify-email');
  const before = await latestMailId(page, emailLower);
  await page.getByLabel('Email').fill(shopper.email);
  await button(page, 'Continue').click();
  await page.waitForURL('**/verify');
  const mail = await nextMail(page, emailLower, before);
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
  await page.getByLabel('Verification Code').fill(code!);
  await button(page, 'Verify').click();
  await page.waitForURL('**/change-password');
  await visible(page.getByRole('heading', { name: 'Change Password' }));
  await page.getByLabel('New Password').fill('ByCode77!');
  await page.getByLabel('Confirm Password').fill('ByCode77!');
  await screenshot(page, 'auth-change-password');
  await button(page, 'Reset Password').click();
  await page.waitForURL('**/login');
  await loginWith(page, shopper.email, 'ByCode77!');
  await page.waitForURL((url) => url.pathname === '/');
  await visible(page.getByRole('button', { name: 'Menu' }));
});

it('locks the resend link for 60 s and restarts the lock on click', async () => {
  const clockContext = await newPhoneContext(browser, server.url);
  await clockContext.clock.install();
  const clockPage = await clockContext.newPage();
  const email = `resend.${unique}@example.com`;
  await clockPage.goto('/verify-email');
  await clockPage.getByLabel('Email').fill(email);
  await button(clockPage, 'Continue').click();
  await clockPage.waitForURL('**/verify');
  const resend = clockPage.getByRole('button', { name: /^Resend code/ });
  await visible(clockPage.getByRole('button', { name: 'Resend code in 60s' }));
  await clockPage.clock.fastForward(30_000);
  await visible(clockPage.getByRole('button', { name: 'Resend code in 30s' }));
  expect(await resend.isDisabled()).toBe(true);
  await clockPage.clock.fastForward(30_500);
  await visible(clockPage.getByRole('button', { name: 'Resend code', exact: true }));
  expect(await resend.isDisabled()).toBe(false);
  await screenshot(clockPage, 'auth-verify-resend-ready');

  const before = await latestMailId(clockPage, email);
  await resend.click();
  await visible(clockPage.getByRole('button', { name: 'Resend code in 60s' }));
  expect(await resend.isDisabled()).toBe(true);
  const mail = await nextMail(clockPage, email, before);
  expect(mail.subject).toMatch(/\d{6}/);
  await clockContext.close();
});

it('shows the login reminder when the server refuses the stored token', async () => {
  // A token that looks fine to the client (unexpired) but that the server does not accept.
  const forged = await page.evaluate(() => {
    const encode = (value: object) =>
      btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    return `${encode({ alg: 'HS256' })}.${encode({ sub: 'x', username: 'ghost', role: 'user', exp: Math.floor(Date.now() / 1000) + 3600 })}.bad`;
  });
  await page.evaluate((token) => {
    localStorage.setItem('token', token);
    localStorage.setItem('username', 'ghost');
  }, forged);
  await page.goto('/user-profile');
  const reminder = page.getByRole('dialog', { name: 'Please login first.' });
  await visible(reminder);
  await screenshot(page, 'auth-login-reminder');
  await reminder.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/login');

  // An expired token counts as logged out and is cleared.
  const expired = await page.evaluate(() => {
    const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
    return `${encode({ alg: 'HS256' })}.${encode({ sub: 'x', username: 'ghost', role: 'user', exp: 1 })}.sig`;
  });
  await page.evaluate((token) => localStorage.setItem('token', token), expired);
  await page.goto('/');
  await visible(page.getByRole('link', { name: 'Sign In / Sign Up' }));
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await context.close();
});

it('logs the admin in to the menu and keeps shoppers out', async () => {
  const adminContext = await newPhoneContext(browser, server.url);
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/admin/menu');
  await adminPage.waitForURL('**/admin/login');
  await visible(adminPage.getByRole('heading', { name: 'Admin Login' }));
  await button(adminPage, 'Login').click();
  await visible(adminPage.getByText('Username is required.'));
  await adminPage.getByLabel('Username').fill(DEMO_ADMIN.username);
  await adminPage.getByLabel('Password', { exact: true }).fill('wrong-password');
  await button(adminPage, 'Login').click();
  await visible(adminPage.getByText(accountMessages.invalidLogin));
  await screenshot(adminPage, 'admin-login-error');

  await adminPage.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
  await button(adminPage, 'Login').click();
  await adminPage.waitForURL('**/admin/menu');
  const menu = adminPage.getByRole('navigation', { name: 'Admin menu' });
  await visible(menu);
  const entries = await menu
    .getByRole('link')
    .evaluateAll((anchors) =>
      anchors.map((anchor) => [
        anchor.querySelector('.admin-menu__label')?.textContent,
        new URL((anchor as HTMLAnchorElement).href).pathname,
      ]),
    );
  expect(entries).toEqual([
    ['Products', '/admin/products'],
    ['Orders', '/admin/orders'],
    ['Self Collections', '/admin/selfcollect'],
    ['Shipments', '/admin/shipments'],
    ['Inventory Lookup', '/admin/inventory-lookup'],
    // Running the shop (an owner's entries; docs/rules/shop-ops.md).
    ['Token Packages', '/admin/token-packages'],
    ['Promo Codes', '/admin/promo-codes'],
    ['Shoppers', '/admin/shoppers'],
    ['Announcements', '/admin/announcements'],
    ['Account Deletions', '/admin/account-deletions'],
    ['Settings', '/admin/settings'],
    // The team (docs/rules/back-office.md: the menu is grouped as the sidebar is).
    ['Admins', '/admin/admins'],
    ['Audit Log', '/admin/audit-log'],
    ['Background Jobs', '/admin/jobs'],
    ['My Account', '/admin/account'],
  ]);
  // Each entry's name is exactly the fixed label.
  for (const label of ['Products', 'Orders', 'Self Collections', 'Shipments', 'Inventory Lookup']) {
    expect(await menu.getByRole('link', { name: label, exact: true }).count()).toBe(1);
  }
  await screenshot(adminPage, 'admin-menu');
  // An admin address without a page of its own passes the guard and says so.
  await adminPage.goto('/admin/no-such-page');
  await visible(adminPage.getByRole('heading', { name: 'Page not found' }));

  // A shopper's token is not an admin token: the guard sends it to the admin login.
  const login = await adminPage.request.post('/api/users/login', { data: { username: 'demo', password: 'Demo123!' } });
  expect(login.status()).toBe(200);
  const { token: shopperToken } = (await login.json()) as { token: string };
  await adminPage.evaluate((token) => localStorage.setItem('adminToken', token), shopperToken);
  await adminPage.goto('/admin/menu');
  await adminPage.waitForURL('**/admin/login');
  await screenshot(adminPage, 'admin-login');
  // Every back-office address is guarded, also those whose pages come later (docs/rules/back-office.md).
  for (const path of ['/admin/products', '/admin/orders', '/admin/inventory-lookup']) {
    await adminPage.goto(path);
    await adminPage.waitForURL('**/admin/login');
  }

  // So does an expired admin token.
  await adminPage.evaluate(() => {
    const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
    localStorage.setItem(
      'adminToken',
      `${encode({ alg: 'HS256' })}.${encode({ sub: 'a', username: 'admin', role: 'admin', exp: 1 })}.sig`,
    );
  });
  await adminPage.goto('/admin/menu');
  await adminPage.waitForURL('**/admin/login');
  await adminContext.close();
});

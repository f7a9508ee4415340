import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page, WebSocket as PageSocket } from 'playwright-core';
import { LIVE_RECONNECT_MS, LIVE_TOAST_FADE_MS, LIVE_TOAST_MS } from '@kujiya/shared';
import { useShop } from './support/shop.ts';
import { newPhoneContext, screenshot } from './support/browser.ts';
import { logInContext } from './support/shopper.ts';
import { buyWithTokens, listProducts, productTitled, ticketsLeftOf, viewportShot } from './support/draw.ts';
import type { RunningServer } from '../apps/server/src/server.ts';

// The live socket in the browser: shopper B buys, shopper A sees the banner toast (3 s, then a
// 300 ms fade; a close button), A's socket is cut and comes back after 5 s, and A's bell updates
// without a reload when a Chance set A entered sells out.
let server: RunningServer;
let browser: Browser;

useShop((shop) => ({ server, browser } = shop));

/** Records the page's /ws sockets and the messages they receive. */
function watchSockets(page: Page) {
  const sockets: PageSocket[] = [];
  const received: string[] = [];
  page.on('websocket', (socket) => {
    if (!socket.url().endsWith('/ws')) return;
    sockets.push(socket);
    socket.on('framereceived', (frame) => received.push(String(frame.payload)));
  });
  return { sockets, received };
}

/** A demo buyer who has tickets of the round: signed in straight from a token the server signs. */
async function entrantOf(setId: string): Promise<{ username: string; token: string }> {
  // Both drivers (PGlite, node-postgres) answer raw SQL as { rows }.
  const result = (await server.ctx.db.execute(
    sql`select distinct username from orders where round_id = ${setId} order by username`,
  )) as unknown as {
    rows: { username: string }[];
  };
  const username = result.rows[0]!.username;
  const account = (await server.services.accounts.findAccount(username))!;
  const { token } = await server.ctx.tokens.sign({
    id: account.id,
    username: account.username,
    role: 'user',
    tokenVersion: 0,
  });
  return { username: account.username, token };
}

async function signIn(context: BrowserContext, session: { username: string; token: string }) {
  await context.addInitScript(
    ([t, u]) => {
      localStorage.setItem('token', t!);
      localStorage.setItem('username', u!);
    },
    [session.token, session.username],
  );
}

it('B buys: A and an anonymous visitor see the toast; A sees it 3 s, fading over 300 ms, and can close it; a cut socket reconnects after 5 s; the bell updates live at a sell-out', async () => {
  const lanterns = await productTitled(await browser.newPage({ baseURL: server.url }), 'Lucky Lanterns');
  expect(lanterns.lottery.enabled).toBe(true);
  expect(ticketsLeftOf(lanterns)).toBe(1);
  const entrant = await entrantOf(lanterns.setId);

  // A: a demo buyer who entered the Chance set, on the home page with a controllable clock.
  const contextA = await newPhoneContext(browser, server.url);
  await signIn(contextA, entrant);
  const pageA = await contextA.newPage();
  const errors: string[] = [];
  pageA.on('pageerror', (error) => errors.push(error.message));
  const a = watchSockets(pageA);
  await pageA.clock.install();
  await pageA.goto('/');
  // The socket opens after the first paint and an idle moment (up to 1 s): slower on a loaded machine.
  await expect.poll(() => a.received.some((m) => m.includes('"authenticated"')), { timeout: 15_000 }).toBe(true);

  // B: the demo shopper.
  const contextB = await newPhoneContext(browser, server.url);
  await logInContext(contextB);
  const pageB = await contextB.newPage();
  const b = watchSockets(pageB);
  // A plain set (no promotion, no lottery) with tickets to spare.
  const product = (await listProducts(pageB)).find((p) => !p.lottery.enabled && !p.promotion && ticketsLeftOf(p) > 3)!;
  expect(product).toBeTruthy();

  // C: an anonymous visitor gets the banners too.
  const contextC = await newPhoneContext(browser, server.url);
  const pageC = await contextC.newPage();
  const c = watchSockets(pageC);
  await pageC.goto('/');
  await expect.poll(() => c.received.some((m) => m.includes('"connected"')), { timeout: 15_000 }).toBe(true);

  // A's clock stands still from here, so the toast's timing can be stepped exactly.
  await pageA.clock.pauseAt(new Date(Date.now() + 60_000));
  await buyWithTokens(pageB, product, 1);
  const toastA = pageA.getByTestId('purchase-toast');
  await toastA.waitFor();
  expect(await toastA.textContent()).toContain(`demo just bought ${product.name}!`);
  await viewportShot(pageA, 'live-toast');
  await pageC
    .getByTestId('purchase-toast')
    .filter({ hasText: `demo just bought ${product.name}!` })
    .waitFor();
  await contextC.close();
  await pageA.clock.runFor(LIVE_TOAST_MS - 1);
  expect(await toastA.getAttribute('class')).not.toContain('purchase-toast--fading');
  await pageA.clock.runFor(1);
  expect(await toastA.getAttribute('class')).toContain('purchase-toast--fading');
  expect(await toastA.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe(`${LIVE_TOAST_FADE_MS / 1000}s`);
  await pageA.clock.runFor(LIVE_TOAST_FADE_MS - 1);
  expect(await toastA.count()).toBe(1);
  await pageA.clock.runFor(1);
  expect(await toastA.count()).toBe(0);
  // B never sees a banner of B's own purchase.
  expect(b.received.some((m) => m.includes('"purchase"'))).toBe(false);
  expect(await pageB.getByTestId('purchase-toast').count()).toBe(0);

  // B chooses to appear as "Someone"; B's next purchase is a Someone banner, which A closes.
  await pageB.goto('/user-profile');
  const someone = pageB.getByRole('switch', { name: 'Appear as "Someone" in the live purchase banner' });
  await someone.check();
  await expect.poll(() => someone.isEnabled()).toBe(true);
  expect(await someone.isChecked()).toBe(true);
  await screenshot(pageB, 'live-profile-someone');
  await buyWithTokens(pageB, product, 1);
  await toastA.waitFor();
  expect(await toastA.textContent()).toContain(`Someone just bought ${product.name}!`);
  await pageA.getByRole('button', { name: 'Close' }).click();
  expect(await toastA.count()).toBe(0);

  // The server cuts every socket: A's comes back exactly 5 s later (on A's clock).
  const before = a.sockets.length;
  const cut = new Promise<void>((resolve) => a.sockets[before - 1]!.on('close', () => resolve()));
  for (const client of [...server.services.live.hub.clients]) client.socket.terminate();
  await cut;
  await pageA.clock.runFor(LIVE_RECONNECT_MS - 1);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(a.sockets.length).toBe(before);
  await pageA.clock.runFor(1);
  await expect.poll(() => a.sockets.length, { timeout: 5_000 }).toBe(before + 1);
  const authenticatedCount = () => a.received.filter((m) => m.includes('"authenticated"')).length;
  await expect.poll(authenticatedCount, { timeout: 5_000 }).toBe(2);
  await pageA.clock.resume();

  // B buys the last Lucky Lanterns ticket: the lottery is drawn and A's bell counts it at once (its
  // result, and a winner's fairness receipt too when A won).
  const badge = pageA.getByTestId('notification-badge');
  const unreadBefore = (await badge.count()) ? Number(await badge.textContent()) : 0;
  await buyWithTokens(pageB, lanterns, 1);
  await expect
    .poll(async () => ((await badge.count()) ? Number(await badge.textContent()) : 0), { timeout: 15_000 })
    .toBeGreaterThan(unreadBefore);
  await viewportShot(pageA, 'live-bell-badge');
  expect(errors).toEqual([]);
  await contextA.close();
  await contextB.close();
});

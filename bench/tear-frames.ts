/**
 * (f) The ticket tear's frame times: the demo shopper on a phone-sized page (390x844) buys tickets
 * with tokens and opens each with Open Ticket in Chromium slowed down 4× (CDP
 * `Emulation.setCPUThrottlingRate`, Lighthouse's mobile setting). A requestAnimationFrame loop
 * records every frame's start during each tear, between the page's own marks `ticket-tear-start` and
 * `ticket-tear-end` (TicketTear.tsx); the frame time is the gap between consecutive frames.
 * `BENCH_TEARS` tears (5 by default). Chromium runs headless with software rendering, as in the
 * browser tests. The second before each tear, the sealed ticket still, is recorded the same way as a
 * control: on a busy machine the page misses frames with nothing to draw, and that share is not the tear's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { percentile, startDemoShop } from './lib.ts';

const PORT = 4952;
const TEARS = Math.max(1, Number(process.env.BENCH_TEARS ?? 5));
const CPU_SLOWDOWN = 4;
const DEMO_SHOPPER = { username: 'demo', password: 'Demo123!' };

export interface TearFrames {
  tears: number;
  frames: number;
  p50: number;
  p95: number;
  max: number;
  /** Frames over 16.7 ms (one frame at 60 Hz), of all. */
  over16: number;
  /** The same figures for the second before each tear, the ticket still: the machine's own share. */
  idle: { frames: number; p50: number; p95: number; max: number; over16: number };
}

interface ListedProduct {
  productId: string;
  name: string;
  quantity: string;
  token: number;
  promotion: unknown;
  holdTimeLeft: number;
  lottery: { enabled: boolean };
}

/** From the play popup of a plain set: BUY `quantity` with tokens, terms, confirm, and on to /draw. */
async function buyWithTokens(page: Page, product: ListedProduct, quantity: number): Promise<void> {
  await page.goto('/ichiban-kuji-products');
  await page.getByRole('tab', { name: 'All' }).click();
  const card = page.locator(`.product-card[data-product-id="${product.productId}"]`).first();
  await card.scrollIntoViewIfNeeded();
  await card.getByRole('button', { name: 'Play' }).click();
  const play = page.getByRole('dialog', { name: product.name, exact: true });
  const input = play.getByLabel('Ticket quantity');
  await input.fill(String(quantity));
  await input.blur();
  await play.getByRole('button', { name: 'BUY', exact: true }).click();
  const terms = page.getByRole('dialog', { name: 'Terms and Conditions', exact: true });
  await terms.getByRole('checkbox').check();
  await terms.getByRole('button', { name: 'Next' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm purchase', exact: true })
    .getByRole('button', { name: 'Yes' })
    .click();
  await page.waitForURL('**/draw');
}

// In-page scripts, as text: the bench's tsconfig has no DOM types, and tsx would wrap a function's
// inner functions in a helper the page does not have.
/** Starts recording every frame's start (requestAnimationFrame) until the reveal is read. */
const RECORD_FRAMES = `(() => {
  const frames = [];
  window.benchFrames = frames;
  const loop = (time) => {
    frames.push(time);
    if (!window.benchStop) requestAnimationFrame(loop);
  };
  window.benchStop = false;
  requestAnimationFrame(loop);
  performance.clearMarks('ticket-tear-start');
  performance.clearMarks('ticket-tear-end');
})()`;

/** The gaps between the frames from the last begun before the tear's start to the first begun after its end. */
const READ_FRAMES = `(() => {
  window.benchStop = true;
  const frames = window.benchFrames;
  const start = performance.getEntriesByName('ticket-tear-start')[0].startTime;
  const end = performance.getEntriesByName('ticket-tear-end')[0].startTime;
  const first = Math.max(0, frames.findLastIndex((t) => t <= start));
  const lastAfter = frames.findIndex((t) => t >= end);
  const inTear = frames.slice(first, lastAfter < 0 ? frames.length : lastAfter + 1);
  return inTear.slice(1).map((t, i) => t - inTear[i]);
})()`;

/** The gaps between all frames recorded (no tear: the control). */
const READ_IDLE_FRAMES = `(() => {
  window.benchStop = true;
  const frames = window.benchFrames;
  return frames.slice(1).map((t, i) => t - frames[i]);
})()`;

/**
 * Opens the sealed ticket of the open popup and answers the frame times (ms) of its tear, and of the
 * second before it with the sealed ticket still (the control: what the machine itself gives).
 */
async function tearFrameTimes(page: Page): Promise<{ tear: number[]; idle: number[] }> {
  const popup = page.getByRole('dialog', { name: 'Your Ticket', exact: true });
  // Let the fonts, the sprite sheet and the popup's entrance settle before measuring.
  await page.evaluate('document.fonts.ready.then(() => undefined)');
  await page.evaluate(RECORD_FRAMES);
  // As a shopper reads the prompt: the sheet's rows are rasterised meanwhile (sprite-raster.ts).
  await page.waitForTimeout(1000);
  const idle = await page.evaluate<number[]>(READ_IDLE_FRAMES);
  await page.evaluate(RECORD_FRAMES);
  await popup.getByRole('button', { name: 'Open Ticket' }).click();
  await popup.getByTestId('ticket-reveal').waitFor({ timeout: 60_000 });
  return { tear: await page.evaluate<number[]>(READ_FRAMES), idle };
}

export async function tearFrames(): Promise<TearFrames> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-tear-'));
  const { shop, url } = await startDemoShop(PORT, dataDir);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({
      baseURL: url,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const login = await context.request.post('/api/users/login', { data: DEMO_SHOPPER });
    if (!login.ok()) throw new Error(`the demo shopper could not sign in: ${login.status()}`);
    const { token, user } = (await login.json()) as { token: string; user: { username: string } };
    await context.addInitScript(
      ([t, u]) => {
        localStorage.setItem('token', t!);
        localStorage.setItem('username', u!);
      },
      [token, user.username],
    );
    const page = await context.newPage();
    const listing = (await (await page.request.get('/api/ichiban-kuji-products')).json()) as { all: ListedProduct[] };
    const product = listing.all
      .filter((p) => !p.lottery.enabled && p.promotion === null && p.holdTimeLeft === 0)
      .filter((p) => Number(p.quantity.split('/')[0]) >= TEARS + 1)
      .sort((a, b) => a.token - b.token)[0];
    if (!product) throw new Error('the demo data has no plain set with enough tickets');
    await buyWithTokens(page, product, TEARS);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const times: number[] = [];
    const idle: number[] = [];
    for (let i = 0; i < TEARS; i++) {
      const draw =
        i === 0
          ? page.getByRole('button', { name: 'Draw', exact: true })
          : page
              .getByRole('dialog', { name: 'Your Ticket', exact: true })
              .getByRole('button', { name: 'Draw Next Ticket' });
      await draw.click({ timeout: 60_000 });
      await page
        .getByRole('dialog', { name: 'Your Ticket', exact: true })
        .getByRole('button', { name: 'Open Ticket' })
        .waitFor();
      const tear = await tearFrameTimes(page);
      idle.push(...tear.idle);
      times.push(...tear.tear);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const sortedIdle = [...idle].sort((a, b) => a - b);
    return {
      idle: {
        frames: idle.length,
        p50: percentile(sortedIdle, 50),
        p95: percentile(sortedIdle, 95),
        max: sortedIdle.at(-1) ?? NaN,
        over16: idle.filter((t) => t > 16.7 + 0.5).length,
      },
      tears: TEARS,
      frames: times.length,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      max: sorted.at(-1) ?? NaN,
      over16: times.filter((t) => t > 16.7 + 0.5).length,
    };
  } finally {
    await browser.close();
    shop.kill('SIGTERM');
    await new Promise((resolve) => shop.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

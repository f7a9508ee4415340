import fs from 'node:fs';
import path from 'node:path';
import { expect, it, onTestFinished } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { useShop } from './support/shop.ts';
import { PHONE, SCREENSHOT_DIR } from './support/browser.ts';
import {
  buyWithTokens,
  demoShopper,
  drawTicket,
  listProducts,
  ticketsLeftOf,
  viewportShot,
  waitDrawReady,
  type Shopper,
} from './support/draw.ts';
import { FRAME_TRACE_CATEGORIES, frameTiming } from './support/trace.ts';
import type { RunningServer } from '../apps/server/src/server.ts';
import { tearFrameBudgetMs } from './support/frame-budget.ts';

// The ticket tear on a phone: a Chromium performance trace of one Open Ticket tear
// at 390x844 with no frame over 32 ms, and a frame strip of a tear showing the ticket opening.
let server: RunningServer;
let browser: Browser;

useShop((shop) => {
  ({ server, browser } = shop);
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
});

/** The demo shopper on /draw of a fresh one-ticket order of a plain set, its ticket popup open and sealed. */
async function sealedTicket(): Promise<Shopper & { popup: Locator }> {
  const shopper = await demoShopper(browser, server.url);
  onTestFinished(() => shopper.context.close());
  const { page } = shopper;
  expect(page.viewportSize()).toEqual(PHONE);
  const product = (await listProducts(page))
    .filter((p) => !p.lottery.enabled && p.promotion === null && p.holdTimeLeft === 0 && ticketsLeftOf(p) >= 4)
    .sort((a, b) => a.token - b.token)[0]!;
  await buyWithTokens(page, product, 1);
  await waitDrawReady(page);
  const popup = await drawTicket(page, 'draw');
  // Let the fonts, the sprite sheet and the popup's entrance settle before measuring.
  await expect.poll(() => page.evaluate(() => document.fonts.status)).toBe('loaded');
  await page.waitForTimeout(400);
  return { ...shopper, popup };
}

async function tear(popup: Locator): Promise<void> {
  await popup.getByRole('button', { name: 'Open Ticket' }).click();
  await popup.getByTestId('ticket-reveal').waitFor();
}

it(
  'a Chromium performance trace of an Open Ticket tear shows no frame over the frame budget',
  { retry: 1 },
  async () => {
    const { page, popup } = await sealedTicket();
    await browser.startTracing(page, { categories: FRAME_TRACE_CATEGORIES });
    let trace: Buffer;
    try {
      await tear(popup);
      // One more frame for the reveal to be presented.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    } finally {
      trace = await browser.stopTracing();
    }
    fs.writeFileSync(path.join(SCREENSHOT_DIR, 'tear-trace.json'), trace);

    const timing = frameTiming(JSON.parse(trace.toString('utf8')), 'ticket-tear-start', 'ticket-tear-end');
    const budget = tearFrameBudgetMs();
    const summary = {
      viewport: PHONE,
      chromium: browser.version(),
      trace: 'screenshots/tear-trace.json',
      frameBudgetMs: budget,
      withinBudget: timing.longestFrameMs <= budget,
      ...timing,
    };
    fs.writeFileSync(path.join(SCREENSHOT_DIR, 'tear-trace-summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
    console.log(
      `Tear trace (Chromium ${summary.chromium}, ${PHONE.width}x${PHONE.height}): ${timing.presentedFrames} frames in ${timing.durationMs} ms, ` +
        `longest frame ${timing.longestFrameMs} ms (at ${timing.longestFrameAtMs} ms), average ${timing.averageFrameMs} ms, ${timing.droppedFrames} dropped, ` +
        `longest main-thread task ${timing.longestMainThreadTaskMs} ms, longest displayed frame ${timing.longestDisplayedFrameMs} ms`,
    );
    console.log(`  frame intervals: ${timing.frameIntervalsMs.join(' ')}`);

    // The whole 72-frame, 16 ms-a-step tear was traced, frame by frame.
    expect(timing.durationMs).toBeGreaterThanOrEqual(71 * 16 - 20);
    expect(timing.presentedFrames).toBeGreaterThan(30);
    // Smooth on a phone (see tearFrameBudgetMs for the budget under outside load); one retry as well.
    expect(timing.longestFrameMs).toBeLessThanOrEqual(budget);
  },
);

interface ScreencastFrame {
  data: string;
  /** Wall-clock ms of the frame's swap. */
  at: number;
  deviceWidth: number;
}

it('a frame strip of a tear shows the ticket opening over at least 6 distinct frames', async () => {
  const { context, page, popup } = await sealedTicket();
  const region = (await popup.locator('.ticket-popup__stage').boundingBox())!;
  const cdp = await context.newCDPSession(page);
  const frames: ScreencastFrame[] = [];
  cdp.on('Page.screencastFrame', (frame) => {
    frames.push({
      data: frame.data,
      at: (frame.metadata.timestamp ?? 0) * 1000,
      deviceWidth: frame.metadata.deviceWidth,
    });
    void cdp.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => undefined);
  });
  await cdp.send('Page.startScreencast', { format: 'png', everyNthFrame: 1 });
  await page.waitForTimeout(300);
  await tear(popup);
  await page.waitForTimeout(300);
  await cdp.send('Page.stopScreencast');
  await cdp.detach();
  await viewportShot(page, 'tear-revealed');

  // The tear on the wall clock, to match the screencast's timestamps.
  const window = await page.evaluate(() => {
    const at = (name: string) => performance.timeOrigin + performance.getEntriesByName(name).at(-1)!.startTime;
    return { start: at('ticket-tear-start'), end: at('ticket-tear-end') };
  });
  // From the sealed ticket (the last frame before the tear) to the first frame showing its end.
  const first = Math.max(
    0,
    frames.findLastIndex((f) => f.at <= window.start),
  );
  const afterEnd = frames.findIndex((f) => f.at >= window.end);
  const tearFrames = frames.slice(first, afterEnd === -1 ? frames.length : afterEnd + 1);
  console.log(`Screencast: ${frames.length} frames, ${tearFrames.length} from the sealed ticket to the tear's end`);
  const count = Math.min(8, tearFrames.length);
  expect(count).toBeGreaterThanOrEqual(6);
  const picked = Array.from(
    { length: count },
    (_, i) => tearFrames[Math.round((i * (tearFrames.length - 1)) / (count - 1))]!,
  );

  const strip = await composeStrip(
    picked.map((f) => ({ data: f.data, label: `${Math.round(f.at - window.start)} ms` })),
    { x: region.x, y: region.y, width: region.width, height: region.height },
    picked[0]!.deviceWidth,
  );
  console.log(
    `Frame strip: ${picked.length} frames, ${strip.distinct} distinct; changed share per frame: ${strip.changes.map((c) => c.toFixed(3)).join(' ')}`,
  );
  // The ticket visibly changes from frame to frame.
  expect(strip.distinct).toBeGreaterThanOrEqual(6);
});

/**
 * Draws the `region` (CSS px of the phone page) of each frame side by side on a blank page's canvas,
 * labelled, and saves it as screenshots/tear-frame-strip.png. Answers how many frames differ
 * visibly (more than 0.5 % of the region's pixels) from the one before.
 */
async function composeStrip(
  frames: { data: string; label: string }[],
  region: { x: number; y: number; width: number; height: number },
  deviceWidth: number,
): Promise<{ distinct: number; changes: number[] }> {
  const gap = 8;
  const labelHeight = 28;
  const width = frames.length * (region.width + gap) + gap;
  const height = region.height + labelHeight + gap * 2;
  const page = await browser.newPage({
    viewport: { width: Math.ceil(width), height: Math.ceil(height) },
    deviceScaleFactor: 1,
  });
  await page.setContent(`<body style="margin:0;background:#1d1b2c"><canvas id="strip"></canvas></body>`);
  const result = await page.evaluate(
    async ({ frames, region, deviceWidth, gap, width, height }) => {
      const canvas = document.getElementById('strip') as HTMLCanvasElement;
      const ratio = window.devicePixelRatio;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
      const strip = canvas.getContext('2d')!;
      strip.scale(ratio, ratio);
      strip.fillStyle = '#1d1b2c';
      strip.fillRect(0, 0, width, height);
      const crops: ImageData[] = [];
      for (const [i, frame] of frames.entries()) {
        const image = new Image();
        image.src = `data:image/png;base64,${frame.data}`;
        await image.decode();
        // Screencast frames are in device pixels; the region is in CSS pixels of the page.
        const scale = image.naturalWidth / deviceWidth;
        const crop = document.createElement('canvas');
        crop.width = Math.round(region.width * scale);
        crop.height = Math.round(region.height * scale);
        const cropContext = crop.getContext('2d', { willReadFrequently: true })!;
        cropContext.drawImage(
          image,
          region.x * scale,
          region.y * scale,
          crop.width,
          crop.height,
          0,
          0,
          crop.width,
          crop.height,
        );
        crops.push(cropContext.getImageData(0, 0, crop.width, crop.height));
        const x = gap + i * (region.width + gap);
        strip.drawImage(crop, x, gap, region.width, region.height);
        strip.fillStyle = '#ffffff';
        strip.font = '600 16px system-ui, sans-serif';
        strip.textAlign = 'center';
        strip.fillText(frame.label, x + region.width / 2, gap + region.height + 20);
      }
      // Share of pixels that changed noticeably from the previous frame.
      const changes = crops.slice(1).map((crop, i) => {
        const before = crops[i]!.data;
        let changed = 0;
        for (let p = 0; p < crop.data.length; p += 4) {
          const diff =
            Math.abs(crop.data[p]! - before[p]!) +
            Math.abs(crop.data[p + 1]! - before[p + 1]!) +
            Math.abs(crop.data[p + 2]! - before[p + 2]!);
          if (diff > 24) changed++;
        }
        return changed / (crop.data.length / 4);
      });
      return { distinct: 1 + changes.filter((share) => share > 0.005).length, changes };
    },
    { frames, region, deviceWidth, gap, width, height },
  );
  await page.locator('#strip').screenshot({ path: path.join(SCREENSHOT_DIR, 'tear-frame-strip.png') });
  await page.close();
  return result;
}

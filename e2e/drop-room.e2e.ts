import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { dropRoomStatusSchema } from '@kujiya/shared';
import { useShop } from './support/shop.ts';
import { AxeAudit } from './support/axe.ts';
import { SCREENSHOT_DIR, newPhoneContext, watchErrors } from './support/browser.ts';
import { logInContext } from './support/shopper.ts';
import type { RunningServer } from '../apps/server/src/server.ts';

let server: RunningServer;
let browser: Browser;
useShop((shop) => ({ server, browser } = shop));

/** Popups are fixed to the viewport: a viewport screenshot shows them as the shopper does. */
async function popupShot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.waitForTimeout(300); // the popup's fade-in
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/**
 * A set opening `openInMs` from now whose room admits one shopper a second, with `others` entrants
 * already in it (so the room still has a line when the opening comes). The opening is set on the
 * round before anything lists the new set.
 */
async function dropSet(openInMs: number, others: number): Promise<{ setId: string; productId: string; name: string }> {
  const image = '/media/none.png';
  const name = 'Drop Room Kuji';
  const { setId, productId } = await server.ctx.db.transaction((tx) =>
    server.services.catalogue.createProduct(tx, {
      name,
      image,
      sku: `DROP-${crypto.randomInt(1000, 9999)}-001`,
      tokenPrice: 10,
      priceCents: 1000,
      tags: ['Anime'],
      prizes: [
        { kind: 'letter', letter: 'A', description: 'Figure', image, quantity: 5 },
        { kind: 'letter', letter: 'B', description: 'Plush', image, quantity: 10 },
      ],
    }),
  );
  const opensAt = new Date(Date.now() + openInMs).toISOString();
  await server.ctx.db.execute(sql`UPDATE set_rounds SET sales_start_at = ${opensAt} WHERE id = ${setId}`);
  await server.services.drops.setSettings(setId, { admissionsPerSecond: 1 });
  for (let i = 0; i < others; i++) {
    await server.ctx.db.execute(
      sql`INSERT INTO drop_entrants (set_id, user_id, entrant_id, joined_at)
          VALUES (${setId}, ${crypto.randomUUID()}, ${crypto.randomUUID()}, now())`,
    );
  }
  return { setId, productId, name };
}

it('joins a drop room before the opening and sees the drawn place after it', { timeout: 120_000 }, async () => {
  const set = await dropSet(15_000, 60);
  const context = await newPhoneContext(browser, server.url);
  const { token } = await logInContext(context);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/ichiban-kuji-products');
  await page.getByRole('tab', { name: 'All' }).click();
  const card = page.locator(`.product-card[data-product-id="${set.productId}"]`).first();
  await card.scrollIntoViewIfNeeded();
  await card.getByRole('button', { name: 'Play' }).click();
  const play = page.getByRole('dialog', { name: set.name, exact: true });
  await play.waitFor();

  const axe = new AxeAudit();
  const room = play.getByRole('region', { name: 'Waiting room' });
  await axe.check(page, 'play popup: join the waiting room');
  await room.getByRole('button', { name: 'Join the waiting room' }).click();
  await expect
    .poll(() => room.getByRole('status').textContent())
    .toMatch(/^You're in the waiting room\. Your place is drawn at the opening, /);
  await room.scrollIntoViewIfNeeded();
  await popupShot(page, 'drop-room-joined');
  await axe.check(page, 'play popup: in the waiting room before the opening');

  // The opening draws the place; the popup's polled status shows it.
  await expect
    .poll(() => room.getByRole('status').textContent(), { timeout: 60_000, interval: 1_000 })
    .toMatch(/^(You are number \d+ in line\.|It's your turn: you may buy now\.)$/);
  const status = dropRoomStatusSchema.parse(
    await (
      await page.request.get(`/api/drops/${set.setId}/status`, { headers: { authorization: `Bearer ${token}` } })
    ).json(),
  );
  expect(status.queueNumber).toBeGreaterThanOrEqual(1);
  expect(status.queueNumber).toBeLessThanOrEqual(61);
  await expect.poll(() => room.getByText(`Drawn place #${status.queueNumber}`).count()).toBe(1);
  await popupShot(page, 'drop-room-in-line');
  await axe.check(page, 'play popup: the drawn place');
  expect(axe.problems()).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

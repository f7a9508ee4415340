import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { fairnessRoundSchema, productListingSchema, type FairnessRound } from '@kujiya/shared';
import { useShop } from './support/shop.ts';
import { newPhoneContext, screenshot } from './support/browser.ts';
import type { RunningServer } from '../apps/server/src/server.ts';

let server: RunningServer;
let browser: Browser;
useShop((shop) => ({ server, browser } = shop));

async function fairnessOf(setId: string): Promise<FairnessRound> {
  const response = await fetch(`${server.url}/api/fairness/${setId}`);
  return fairnessRoundSchema.parse(await response.json());
}

/** A round of its own, created and (optionally) sold through the real services. */
async function ownRound(sellOut: boolean): Promise<string> {
  const image = '/media/none.png';
  const { setId } = await server.ctx.db.transaction((tx) =>
    server.services.catalogue.createProduct(tx, {
      name: 'Fairness Check Kuji',
      image,
      sku: `FAIR-${crypto.randomInt(1000, 9999)}-001`,
      tokenPrice: 10,
      priceCents: 1000,
      tags: ['Anime'],
      prizes: [
        { kind: 'letter', letter: 'A', description: 'Figure', image, quantity: 1 },
        { kind: 'letter', letter: 'B', description: 'Plush', image, quantity: 2 },
        { kind: 'letter', letter: 'C', description: 'Acrylic stand', image, quantity: 4 },
      ],
    }),
  );
  const take = (count: number, clientSeed: string) =>
    server.ctx.db.transaction((tx) =>
      server.services.stock.takeTickets(tx, { roundId: setId, count, clientSeed, orderId: crypto.randomUUID() }),
    );
  await take(2, 'my-lucky-seed');
  if (sellOut) {
    await take(1, 'browser-5f3a9c');
    await take(4, 'last-buyer');
  }
  return setId;
}

/** The demo data's sold-out round (sold by demo shoppers through the engine), else one of our own. */
async function soldOutRound(): Promise<{ setId: string; demo: boolean }> {
  const listing = productListingSchema.parse(await (await fetch(`${server.url}/api/ichiban-kuji-products`)).json());
  for (const product of listing.all.filter((p) => p.quantity.startsWith('0/'))) {
    const round = await fairnessOf(product.setId);
    if (round.serverSeed && round.log.length > 0) return { setId: product.setId, demo: true };
  }
  return { setId: await ownRound(true), demo: false };
}

async function openPage(path: string): Promise<Page> {
  const context = await newPhoneContext(browser, server.url);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

it('verifies a sold-out round in the browser', async () => {
  const { setId, demo } = await soldOutRound();
  const round = await fairnessOf(setId);
  const page = await openPage(`/fairness/${setId}`);
  await page.getByRole('heading', { name: 'Verified: every draw matches the committed seed' }).waitFor();
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(round.productName);
  expect(await page.getByText(`SKU ${round.sku}`).isVisible()).toBe(true);
  expect(await page.getByText(round.commitment, { exact: true }).isVisible()).toBe(true);
  expect(await page.getByText(round.serverSeed!).isVisible()).toBe(true);
  const entries = page.getByTestId('fairness-entry');
  expect(await entries.count()).toBe(Math.min(round.log.length, 20));
  expect(await page.getByLabel('Does not match').count()).toBe(0);
  expect(await page.getByText('node scripts/verify-fairness.mjs').isVisible()).toBe(true);
  await screenshot(page, demo ? 'fairness-demo-sold-out' : 'fairness-sold-out');
  await page.context().close();
});

it('names the entry when the published data does not match', async () => {
  const setId = await ownRound(true);
  const context = await newPhoneContext(browser, server.url);
  const page = await context.newPage();
  // Simulate a shop that changed results after the fact: the tickets of nonces 3 and 5 are swapped.
  await page.route(`**/api/fairness/${setId}`, async (route) => {
    const response = await route.fetch();
    const body = fairnessRoundSchema.parse(await response.json());
    const a = body.log.find((entry) => entry.domain === 'ticket' && entry.nonce === 3)!;
    const b = body.log.find((entry) => entry.domain === 'ticket' && entry.nonce === 5)!;
    [a.ticketIndex, b.ticketIndex, a.letter, b.letter] = [b.ticketIndex, a.ticketIndex, b.letter, a.letter];
    await route.fulfill({ response, json: body });
  });
  await page.goto(`/fairness/${setId}`);
  await page.getByRole('heading', { name: 'Mismatch: Ticket draw, nonce 3' }).waitFor();
  expect(await page.getByLabel('Does not match').count()).toBeGreaterThan(0);
  await screenshot(page, 'fairness-mismatch');
  await context.close();
});

it('keeps the seed secret on an open round and shows new draws live', async () => {
  const setId = await ownRound(false);
  const page = await openPage(`/fairness/${setId}`);
  await page.getByRole('heading', { name: 'Seed still secret' }).waitFor();
  expect(await page.getByText('Secret until the round sells out or is reloaded.').isVisible()).toBe(true);
  expect(await page.getByTestId('fairness-entry').count()).toBe(2);
  await screenshot(page, 'fairness-open');

  await server.ctx.db.transaction((tx) =>
    server.services.stock.takeTickets(tx, {
      roundId: setId,
      count: 1,
      clientSeed: 'arrives-live',
      orderId: crypto.randomUUID(),
    }),
  );
  // The page refetches every 5 s.
  await page.getByText('arrives-live').waitFor({ timeout: 12_000 });
  expect(await page.getByTestId('fairness-entry').count()).toBe(3);
  await page.context().close();
});

it('answers an unknown round with Product not found', async () => {
  const page = await openPage(`/fairness/${crypto.randomUUID()}`);
  await page.getByText('Product not found').waitFor();
  await page.context().close();
});

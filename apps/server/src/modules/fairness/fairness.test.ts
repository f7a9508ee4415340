import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildPublicFairnessVerdict, commitmentOf, fairnessRoundSchema, type FairnessRound } from '@kujiya/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { fundedShopper, useTokens } from '../orders/test-helpers.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const prize = (letter: string, quantity: number) => ({
  kind: 'letter' as const,
  letter,
  description: `Prize ${letter} figure`,
  image: '/media/x.png',
  quantity,
});

async function createRound(options: { lottery?: boolean; double?: number } = {}) {
  return t.ctx.db.transaction((tx) =>
    t.services.catalogue.createProduct(tx, {
      name: 'Fairness Test Kuji',
      image: '/media/x.png',
      sku: 'FAIR-001',
      tokenPrice: 10,
      priceCents: 1000,
      tags: ['Anime'],
      doubleChance: Boolean(options.double),
      lotteryEnabled: options.lottery ?? false,
      prizes: [
        prize('B', 3),
        prize('A', 1),
        prize('C', 4),
        { kind: 'last', description: 'Last one', image: '/media/x.png' },
        ...(options.double
          ? [{ kind: 'double' as const, description: 'Signed poster', image: '/media/x.png', quantity: options.double }]
          : []),
      ],
    }),
  );
}

/** Takes tickets through the stock engine, the way a purchase does. */
async function take(setId: string, count: number, clientSeed: string, orderId: string | null = crypto.randomUUID()) {
  return t.ctx.db.transaction((tx) => t.services.stock.takeTickets(tx, { roundId: setId, count, clientSeed, orderId }));
}

async function fetchRound(setId: string): Promise<FairnessRound> {
  const response = await t.app.inject({ method: 'GET', url: `/api/fairness/${setId}` });
  expect(response.statusCode).toBe(200);
  return fairnessRoundSchema.parse(response.json());
}

const script = path.resolve(import.meta.dirname, '../../../../../scripts/verify-fairness.mjs');
async function runVerifyScript(round: FairnessRound): Promise<{ code: number; stdout: string }> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-fairness-api-')), 'round.json');
  fs.writeFileSync(file, JSON.stringify(round));
  try {
    return { code: 0, stdout: (await promisify(execFile)(process.execPath, [script, file])).stdout };
  } catch (error) {
    return error as { code: number; stdout: string };
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

describe('GET /api/fairness/:setId', () => {
  it('publishes the commitment and the live log, and reveals the seed at sell-out so every draw verifies', async () => {
    const { setId, productId } = await createRound();
    const first = await take(setId, 3, 'alice-browser-1');
    await take(setId, 1, 'my own seed');

    const live = await fetchRound(setId);
    expect(live).toMatchObject({
      setId,
      productId,
      productName: 'Fairness Test Kuji',
      sku: 'FAIR-001',
      status: 'open',
      serverSeed: null,
    });
    expect(live.box).toEqual(['A', 'B', 'B', 'B', 'C', 'C', 'C', 'C']);
    expect(live.prizes).toEqual([
      { letter: 'A', quantity: 1 },
      { letter: 'B', quantity: 3 },
      { letter: 'C', quantity: 4 },
    ]);
    expect(live.log.map((e) => [e.domain, e.nonce, e.clientSeed])).toEqual([
      ['ticket', 0, 'alice-browser-1'],
      ['ticket', 1, 'alice-browser-1'],
      ['ticket', 2, 'alice-browser-1'],
      ['ticket', 3, 'my own seed'],
    ]);
    expect(live.log.slice(0, 3).map((e) => e.ticketIndex)).toEqual(first.tickets.map((ticket) => ticket.ticketIndex));
    expect(live.log[0]!.at).toBe(t.clock.now().toISOString());
    // The commitment is the product listing's, and the seed stays secret while the round runs.
    const listing = (await t.app.inject({ method: 'GET', url: '/api/ichiban-kuji-products' })).json();
    expect(listing.all[0].commitment).toBe(live.commitment);
    expect(JSON.stringify(live)).not.toMatch(/serverSeed":"/);
    expect(buildPublicFairnessVerdict(live)).toMatchObject({ revealed: false, ok: false });

    t.clock.advance(60_000);
    const last = await take(setId, 4, 'bob');
    expect(last.finalTicket).toBe(true);

    const revealed = await fetchRound(setId);
    expect(revealed.status).toBe('sold_out');
    expect(revealed.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(commitmentOf(revealed.serverSeed!)).toBe(live.commitment);
    expect(revealed.log).toHaveLength(8);
    const verdict = buildPublicFairnessVerdict(revealed);
    expect(verdict.firstMismatch).toBeUndefined();
    expect(verdict.ok).toBe(true);
    expect(verdict.checks.filter((check) => check.entry?.domain === 'ticket' && check.ok)).toHaveLength(8);

    // The same answer with two results swapped is caught at the first of them.
    const tampered = structuredClone(revealed);
    const a = tampered.log.find((e) => e.nonce === 2)!;
    const b = tampered.log.find((e) => e.nonce === 5)!;
    [a.ticketIndex, b.ticketIndex, a.letter, b.letter] = [b.ticketIndex, a.ticketIndex, b.letter, a.letter];
    expect(buildPublicFairnessVerdict(tampered).firstMismatch?.entry).toEqual({ domain: 'ticket', nonce: 2 });

    // The independent check script agrees on the real answer and on the tampered one.
    expect(await runVerifyScript(revealed)).toMatchObject({ code: 0, stdout: expect.stringContaining('VERIFIED') });
    expect(await runVerifyScript(tampered)).toMatchObject({
      code: 1,
      stdout: expect.stringContaining('FAIL  ticket nonce 2'),
    });
  });

  it('reveals the seed of a reloaded round and keeps the new round secret', async () => {
    const { setId, productId } = await createRound();
    await take(setId, 2, 'early');
    const { setId: nextSetId } = await t.ctx.db.transaction((tx) => t.services.catalogue.reloadSet(tx, productId));

    const closed = await fetchRound(setId);
    expect(closed.status).toBe('closed');
    expect(closed.serverSeed).not.toBeNull();
    expect(buildPublicFairnessVerdict(closed).ok).toBe(true);

    const next = await fetchRound(nextSetId);
    expect(next).toMatchObject({ status: 'open', serverSeed: null, sku: 'FAIR-002', log: [] });
    expect(next.commitment).not.toBe(closed.commitment);
  });

  it('logs lottery and double-chance picks drawn once at sell-out, and they verify', async () => {
    const { setId } = await createRound({ lottery: true, double: 2 });
    const orders: string[] = [crypto.randomUUID(), crypto.randomUUID()];
    await t.ctx.db.transaction((tx) =>
      t.services.stock.takeTickets(tx, {
        roundId: setId,
        count: 5,
        clientSeed: 'x1',
        orderId: orders[0]!,
        entriesOnly: true,
      }),
    );
    await expect(t.ctx.db.transaction((tx) => t.services.fairness.drawSellOut(tx, setId, 'lottery'))).rejects.toThrow(
      /not sold out/,
    );
    await t.ctx.db.transaction((tx) =>
      t.services.stock.takeTickets(tx, {
        roundId: setId,
        count: 3,
        clientSeed: 'x2',
        orderId: orders[1]!,
        entriesOnly: true,
      }),
    );
    const lottery = await t.ctx.db.transaction((tx) => t.services.fairness.drawSellOut(tx, setId, 'lottery'));
    const double = await t.ctx.db.transaction((tx) => t.services.fairness.drawSellOut(tx, setId, 'double'));
    expect(lottery.map((p) => p.prize)).toEqual(['A', 'B', 'B', 'B', 'C', 'C', 'C', 'C']);
    expect(new Set(lottery.map((p) => p.ticketIndex)).size).toBe(8);
    expect(lottery.every((p) => orders.includes(p.orderId!))).toBe(true);
    expect(double.map((p) => p.prize)).toEqual(['DC1', 'DC1']);
    // Exactly once: a second call answers the logged picks.
    const again = await t.ctx.db.transaction((tx) => t.services.fairness.drawSellOut(tx, setId, 'lottery'));
    expect(again).toEqual(lottery);

    const round = await fetchRound(setId);
    expect(round.lottery).toBe(true);
    expect(round.doubleChancePrizes).toEqual([{ rank: 'DC1', name: 'Double Chance 1', quantity: 2 }]);
    expect(round.log.filter((e) => e.domain === 'lottery').map((e) => e.nonce)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(round.log.filter((e) => e.domain === 'double')).toHaveLength(2);
    const verdict = buildPublicFairnessVerdict(round);
    expect(verdict.firstMismatch).toBeUndefined();
    expect(verdict.ok).toBe(true);
    expect(verdict.checks.filter((c) => c.entry?.domain === 'lottery')).toHaveLength(8);
    expect(verdict.checks.filter((c) => c.entry?.domain === 'double')).toHaveLength(2);
  });

  it("masks the buyer's name, read from their order", async () => {
    const { setId } = await createRound();
    const buyer = await fundedShopper(t, 'david_lo', 100);
    expect((await useTokens(t, buyer, { setId, ticketsBought: 1 })).statusCode).toBe(200);
    await take(setId, 1, 'b');
    const round = await fetchRound(setId);
    expect(round.log.map((e) => e.buyer)).toEqual(['d***o', '***']);
    expect(JSON.stringify(round)).not.toContain('david_lo');
  });

  it('answers 400 for a malformed id and 404 for an unknown round', async () => {
    const malformed = await t.app.inject({ method: 'GET', url: '/api/fairness/not-a-uuid' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Invalid setId');
    const unknown = await t.app.inject({ method: 'GET', url: `/api/fairness/${crypto.randomUUID()}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Product not found', code: 'PRODUCT_NOT_FOUND' });
  });
});

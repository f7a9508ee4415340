import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPublicFairnessVerdict,
  checkChain,
  checkReceipt,
  checkRules,
  fairnessExportSchema,
  fairnessRoundSchema,
  notificationSchema,
  rulesDocument,
  sha256Hex,
  type FairnessRound,
} from '@kujiya/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createDoubleChanceTestProduct, createTestProduct } from '../catalogue/test-helpers.ts';
import { PRIZES_LOCKED } from '../catalogue/service.ts';
import { api, fundedShopper, useTokens, type Shopper } from '../orders/test-helpers.ts';

// One app for the file: every test makes its own sets and shoppers.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAME: 'Boss', ADMIN_PASSWORD: 'Boss123!' } });
});
afterAll(async () => {
  await t.close();
});

async function fetchRound(setId: string): Promise<FairnessRound> {
  const response = await api(t, null, 'GET', `/api/fairness/${setId}`);
  expect(response.statusCode).toBe(200);
  return fairnessRoundSchema.parse(response.json());
}

async function buy(shopper: Shopper, setId: string, ticketsBought: number, clientSeed: string = crypto.randomUUID()) {
  const response = await useTokens(t, shopper, { setId, ticketsBought, clientSeed });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().orderId as string;
}

async function receiptNotices(shopper: Shopper) {
  const notes = notificationSchema.array().parse((await api(t, shopper, 'GET', '/api/notification')).json());
  // The receipt rides beside the sentence, never as JSON in it.
  for (const note of notes) expect(note.message).not.toContain('{');
  return notes.flatMap((n) => (n.receipt ? [n.receipt] : []));
}

describe('committed rules', () => {
  it('a new round publishes its rules document and hash, on the fairness JSON and the listing', async () => {
    const { setId, productId } = await createTestProduct(t);
    const round = await fetchRound(setId);
    expect(round.rules).toBe(
      rulesDocument({
        setId,
        box: ['A', 'A', 'B', 'B', 'B', 'C', 'C', 'C', 'C', 'C'],
        lastPrize: true,
        doubleChance: [],
        commitment: round.commitment,
      }),
    );
    expect(round.rulesHash).toBe(sha256Hex(round.rules!));
    // Before the first draw the head is the rules hash.
    expect(round.headHash).toBe(round.rulesHash);
    expect(checkRules(round).ok).toBe(true);
    const product = (await api(t, null, 'GET', '/api/ichiban-kuji-products'))
      .json()
      .all.find((p: { productId: string }) => p.productId === productId);
    expect(product.rulesHash).toBe(round.rulesHash);
  });

  it('double-chance prizes are in the document; a reload opens a new round with new rules and keeps the old ones', async () => {
    const { setId, productId } = await createDoubleChanceTestProduct(t);
    const before = await fetchRound(setId);
    expect(JSON.parse(before.rules!)).toMatchObject({
      version: 'kujiya-fair-1',
      setId,
      lastPrize: true,
      doubleChance: [{ rank: 'DC1', quantity: 2 }],
    });
    const { setId: next } = await t.ctx.db.transaction((tx) => t.services.catalogue.reloadSet(tx, productId));
    const closed = await fetchRound(setId);
    expect(closed.rules).toBe(before.rules);
    const opened = await fetchRound(next);
    expect(opened.rulesHash).not.toBe(before.rulesHash);
    expect(JSON.parse(opened.rules!).setId).toBe(next);
    expect(buildPublicFairnessVerdict(closed).ok).toBe(true);
  });

  it("refuses a change to a running round's box or prizes, and lets texts-only edits through", async () => {
    const { productId, input } = await createTestProduct(t);
    const same = input.prizes.map((p) =>
      p.kind === 'letter' ? { kind: p.kind, letter: p.letter, quantity: p.quantity } : { kind: p.kind, quantity: 1 },
    );
    await expect(
      t.services.catalogue.assertPrizesChangeable(t.ctx.db, productId, same as never),
    ).resolves.toBeUndefined();
    const changes = [
      same.map((p) => (p.kind === 'letter' && p.letter === 'A' ? { ...p, quantity: 3 } : p)), // two grand prizes become three
      same.filter((p) => p.kind !== 'last'), // Last Prize removed
      [...same, { kind: 'letter', letter: 'D', quantity: 1 }], // a letter added
      [...same, { kind: 'double', quantity: 1 }], // a double-chance prize added
    ];
    for (const proposed of changes) {
      await expect(
        t.services.catalogue.assertPrizesChangeable(t.ctx.db, productId, proposed as never),
      ).rejects.toMatchObject({ statusCode: 409, message: PRIZES_LOCKED });
    }
    expect(PRIZES_LOCKED).toMatch(/Reload the set/);
    await expect(
      t.services.catalogue.assertPrizesChangeable(t.ctx.db, crypto.randomUUID(), same as never),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('chained log and receipts', () => {
  it('every purchase extends one chain in its own transaction; its receipt is in the notification and from receiptForOrder', async () => {
    const { setId } = await createTestProduct(t);
    const ann = await fundedShopper(t, 'chain_ann', 500);
    const ben = await fundedShopper(t, 'chain_ben', 500);
    const first = await buy(ann, setId, 3, 'ann-seed');
    const live = await fetchRound(setId);
    expect(live.log.map((e) => e.hash)).toHaveLength(3);
    expect(checkChain(live).check.ok).toBe(true);
    expect(live.headHash).toBe(live.log[2]!.hash);

    const receipt = await t.services.fairness.receiptForOrder(t.ctx.db, first);
    expect(receipt).toEqual({
      setId,
      entries: live.log.map((e) => ({ domain: 'ticket', nonce: e.nonce, hash: e.hash })),
      headHash: live.headHash,
    });
    expect(await receiptNotices(ann)).toEqual([receipt]);
    expect(checkReceipt(live, receipt!).ok).toBe(true);

    const second = await buy(ben, setId, 2, 'ben-seed');
    const later = await fetchRound(setId);
    expect(checkChain(later).check.ok).toBe(true);
    // The chain grows only at the head: earlier entries and the old receipt still hold.
    expect(later.log.slice(0, 3)).toEqual(live.log);
    expect(checkReceipt(later, receipt!).ok).toBe(true);
    const benReceipt = (await t.services.fairness.receiptForOrder(t.ctx.db, second))!;
    expect(benReceipt.entries.map((e) => e.nonce)).toEqual([3, 4]);
    expect(benReceipt.headHash).toBe(later.headHash);

    // Tampering after the receipts were issued: an operator rewrites Ann's first draw.
    const tampered = structuredClone(later);
    tampered.log[0]!.clientSeed = 'ann-seed-rewritten';
    expect(checkChain(tampered).check).toMatchObject({ ok: false, entry: { domain: 'ticket', nonce: 0 } });
    expect(checkReceipt(tampered, benReceipt).ok).toBe(false);
    expect(await t.services.fairness.receiptForOrder(t.ctx.db, crypto.randomUUID())).toBeNull();
  });

  it('sell-out picks extend the chain; double-chance winners get receipts with their picks', async () => {
    const { setId } = await createDoubleChanceTestProduct(t);
    const cat = await fundedShopper(t, 'chain_cat', 500);
    const dan = await fundedShopper(t, 'chain_dan', 500);
    const orders = [await buy(cat, setId, 3), await buy(dan, setId, 3)];
    const round = await fetchRound(setId);
    expect(round.log.map((e) => e.domain)).toEqual([
      'ticket',
      'ticket',
      'ticket',
      'ticket',
      'ticket',
      'ticket',
      'double',
      'double',
    ]);
    expect(buildPublicFairnessVerdict(round)).toMatchObject({ ok: true });
    expect(round.headHash).toBe(round.log.at(-1)!.hash);
    for (const [i, orderId] of orders.entries()) {
      const receipt = (await t.services.fairness.receiptForOrder(t.ctx.db, orderId))!;
      const doubles = round.log.filter(
        (e) => e.domain === 'double' && receipt.entries.some((r) => r.domain === 'double' && r.nonce === e.nonce),
      );
      const won = (await t.services.orders.ordersOfRound(setId)).find((o) => o.id === orderId)!.doubleChancePrizes;
      expect(doubles).toHaveLength(won.length);
      expect(checkReceipt(round, receipt).ok).toBe(true);
      // The purchase receipt, plus a second one carrying the picks for a winner.
      const notices = await receiptNotices([cat, dan][i]!);
      expect(notices).toContainEqual(receipt);
      expect(notices).toHaveLength(won.length > 0 ? 2 : 1);
    }
  });
});

describe('GET /api/admin/fairness/:setId/export', () => {
  it("is the admin's full record of a round: rules, commitment, seed once revealed, chained log with order ids, receipts", async () => {
    const { setId, productId } = await createTestProduct(t);
    const eve = await fundedShopper(t, 'chain_eve', 500);
    const orderId = await buy(eve, setId, 4);
    const url = `/api/admin/fairness/${setId}/export`;
    expect((await api(t, null, 'GET', url)).statusCode).toBe(401);
    expect((await api(t, eve, 'GET', url)).statusCode).toBe(403);
    const { token } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: 'Boss', password: 'Boss123!' },
      })
    ).json();
    const admin = { authorization: `Bearer ${token}` };
    const open = await t.app.inject({ method: 'GET', url, headers: admin });
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-disposition']).toMatch(/^attachment; filename="fairness-TEST-\d+-001-/);
    const record = fairnessExportSchema.parse(open.json());
    expect(record).toMatchObject({ setId, productId, serverSeed: null, headHash: record.log.at(-1)!.hash });
    expect(record.log.every((e) => e.orderId === orderId)).toBe(true);
    expect(record.orders).toEqual([{ orderId, receipt: await t.services.fairness.receiptForOrder(t.ctx.db, orderId) }]);
    expect(checkChain(record).check.ok).toBe(true);

    await t.ctx.db.transaction((tx) => t.services.catalogue.reloadSet(tx, productId));
    const closed = fairnessExportSchema.parse((await t.app.inject({ method: 'GET', url, headers: admin })).json());
    expect(closed.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(buildPublicFairnessVerdict(closed).ok).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/fairness/nope/export', headers: admin })).statusCode,
    ).toBe(400);
  });
});

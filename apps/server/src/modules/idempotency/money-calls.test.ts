import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';
import type { Shopper } from '../orders/test-helpers.ts';
import { addressedShopper, givePrizes, nextCollectionSlot } from '../fulfilment/test-helpers.ts';
import { createTrade, makeOffer, wantedOf } from '../trading/test-helpers.ts';
import { startTokenPurchase, testPackage } from '../token-shop/test-helpers.ts';

/**
 * Every kind of money call with an `Idempotency-Key` (docs/operations.md, "Idempotent money calls"):
 * the second call with the key replays the first answer and changes nothing in the database.
 */
type Call = { shopper: Shopper; method: 'POST' | 'DELETE'; url: string; payload?: Record<string, unknown> };

describe('money calls with an Idempotency-Key', () => {
  let t: TestApp;
  let shopperCount = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const shopper = () => addressedShopper(t, `money${++shopperCount}`);
  /** Every table's rows, as text (the keys' own table and the analytics events aside). */
  async function databaseState(): Promise<Record<string, string>> {
    const { rows } = await t.database.executeSql(
      `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
         and table_name not in ('idempotency_keys', 'analytics_events', '__drizzle_migrations') order by table_name`,
    );
    const state: Record<string, string> = {};
    for (const { table_name: name } of rows as { table_name: string }[]) {
      const digest = await t.database.executeSql(
        `select count(*)::text || ':' || coalesce(md5(string_agg(r::text, ',' order by r::text)), '') as d from "${name}" r`,
      );
      state[name] = String(digest.rows[0]!.d);
    }
    return state;
  }

  /** A trade of `owner` offering their A and wanting B, and (`withOffer`) an offer of B from `bidder`. */
  async function tradeWithOffer(withOffer = true) {
    const owner = await shopper();
    const bidder = await shopper();
    const ownerIds = await givePrizes(t, owner, { A: 2 });
    const bidderIds = await givePrizes(t, bidder, { B: 2 });
    const tradeId = await createTrade(
      t,
      owner,
      [{ batchId: ownerIds.A!, quantity: 1 }],
      [await wantedOf(t, bidderIds.B!)],
    );
    const offerId = withOffer ? await makeOffer(t, bidder, tradeId, [{ batchId: bidderIds.B!, quantity: 1 }]) : '';
    return { owner, bidder, tradeId, offerId, ownerIds, bidderIds };
  }

  const cases: Record<string, () => Promise<Call>> = {
    'kuji card intent': async () => {
      const { setId } = await createTestProduct(t);
      const s = await shopper();
      return {
        shopper: s,
        method: 'POST',
        url: '/api/payment/kuji/create-intent',
        payload: { setId, ticketsBought: 2, username: s.user.username },
      };
    },
    'kuji buy-out': async () => {
      const { setId } = await createTestProduct(t);
      const s = await shopper();
      return {
        shopper: s,
        method: 'POST',
        url: '/api/payment/kuji/buy-out',
        payload: { setId, username: s.user.username },
      };
    },
    'token package intent': async () => {
      const pkg = await testPackage(t);
      const s = await shopper();
      return {
        shopper: s,
        method: 'POST',
        url: '/api/payment/token/create-intent',
        payload: { packageId: pkg._id, username: s.user.username },
      };
    },
    'promo apply': async () => {
      const pkg = await testPackage(t);
      const code = `IDEM${shopperCount}`;
      await t.services.tokenShop.createPromoCode(t.ctx.db, {
        code,
        extraTokensPercentage: 10,
        validFrom: new Date(t.ctx.clock.now().getTime() - 86_400_000),
        validTo: new Date(t.ctx.clock.now().getTime() + 86_400_000 * 30),
      });
      const s = await shopper();
      const { paymentIntentId } = await startTokenPurchase(t, s, pkg._id);
      const payload = { promoCode: code, packageId: pkg._id, username: s.user.username, paymentIntentId };
      return { shopper: s, method: 'POST', url: '/api/promocode/apply', payload };
    },
    'shipping intent': async () => {
      const s = await shopper();
      const ids = await givePrizes(t, s, { A: 2 });
      const payload = { inventoryItems: [{ batchId: ids.A!, quantity: 1 }], useProfileAddress: true };
      return { shopper: s, method: 'POST', url: '/api/payment/shipping/create-intent', payload };
    },
    'self-collection create': async () => {
      const s = await shopper();
      const ids = await givePrizes(t, s, { A: 2 });
      const payload = { items: [{ batchId: ids.A!, quantity: 1 }], collectionDate: nextCollectionSlot(t.clock.now()) };
      return { shopper: s, method: 'POST', url: '/api/self-collection/create', payload };
    },
    'self-collection cancel': async () => {
      const s = await shopper();
      const ids = await givePrizes(t, s, { A: 2 });
      const booked = await t.app.inject({
        method: 'POST',
        url: '/api/self-collection/create',
        headers: s.headers,
        payload: { items: [{ batchId: ids.A!, quantity: 1 }], collectionDate: nextCollectionSlot(t.clock.now()) },
      });
      const id = booked.json().collection._id as string;
      return { shopper: s, method: 'POST', url: `/api/self-collection/${id}/cancel` };
    },
    abandon: async () => {
      const s = await shopper();
      const ids = await givePrizes(t, s, { A: 3 });
      return {
        shopper: s,
        method: 'POST',
        url: '/api/inventory/abandon',
        payload: { items: [{ batchId: ids.A!, quantity: 1 }] },
      };
    },
    'trade create': async () => {
      const owner = await shopper();
      const other = await shopper();
      const ids = await givePrizes(t, owner, { A: 2 });
      const otherIds = await givePrizes(t, other, { B: 1 });
      const payload = {
        prizesOffered: [{ batchId: ids.A!, quantity: 1 }],
        prizesWanted: [await wantedOf(t, otherIds.B!)],
        username: owner.user.username,
      };
      return { shopper: owner, method: 'POST', url: '/api/trade/create', payload };
    },
    'trade offer': async () => {
      const { bidder, tradeId, bidderIds } = await tradeWithOffer(false);
      const payload = { offeredItems: [{ batchId: bidderIds.B!, quantity: 1 }] };
      return { shopper: bidder, method: 'POST', url: `/api/trade/offer/${tradeId}`, payload };
    },
    'trade accept': async () => {
      const { owner, tradeId, offerId } = await tradeWithOffer();
      return { shopper: owner, method: 'POST', url: `/api/trade/${tradeId}/accept-offer/${offerId}` };
    },
    'trade reject': async () => {
      const { owner, tradeId, offerId } = await tradeWithOffer();
      return { shopper: owner, method: 'DELETE', url: `/api/trade/${tradeId}/reject-offer/${offerId}` };
    },
    'trade withdraw': async () => {
      const { bidder, tradeId, offerId } = await tradeWithOffer();
      return { shopper: bidder, method: 'DELETE', url: `/api/trade/${tradeId}/withdraw-offer/${offerId}` };
    },
    'trade cancel': async () => {
      const { owner, tradeId } = await tradeWithOffer();
      return { shopper: owner, method: 'DELETE', url: `/api/trade/cancel-trade/${tradeId}` };
    },
  };

  it.each(Object.keys(cases))('%s: runs once, the retry replays its answer', async (name) => {
    const call = await cases[name]!();
    const request: InjectOptions = {
      method: call.method,
      url: call.url,
      headers: { ...call.shopper.headers, 'idempotency-key': `money-${name.replace(/\W+/g, '-')}` },
      ...(call.payload ? { payload: call.payload } : {}),
    };
    const first = await t.app.inject(request);
    expect(first.statusCode, first.body).toBe(200);
    // The work's own transaction marked the key (its last statement).
    const { rows } = await t.database.executeSql(
      'select committed_at is not null as committed from idempotency_keys where user_id = $1',
      [call.shopper.user.id],
    );
    expect(rows).toEqual([{ committed: true }]);
    const after = await databaseState();
    const again = await t.app.inject(request);
    expect({ status: again.statusCode, body: again.body }).toEqual({ status: 200, body: first.body });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await databaseState()).toEqual(after);
  });
});

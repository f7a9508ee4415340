import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, TRADE_CUTOFF_MESSAGE, TRADE_MESSAGES as M } from '@kujiya/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { fundedShopper, type Shopper } from '../orders/test-helpers.ts';
import { givePrizes } from '../fulfilment/test-helpers.ts';
import { createTrade, freeByPrize, heldByPrize, makeOffer, tradeCall, wantedOf } from './test-helpers.ts';

describe('trading', () => {
  let t: TestApp;
  let n = 0;
  const shopper = (name: string) => fundedShopper(t, `${name}${++n}`, 0);
  beforeAll(async () => (t = await createTestApp()));
  /** A fresh bearer for a shopper (after the test clock jumped past the first token's expiry). */
  const fundedShopperToken = async (s: Shopper) => ({
    headers: { authorization: `Bearer ${(await t.ctx.tokens.sign(s.user as never)).token}` },
  });
  afterAll(async () => t.close());

  async function pair() {
    const a = await shopper('ann');
    const b = await shopper('bob');
    const aIds = await givePrizes(t, a, { A: 2, B: 1 });
    const bIds = await givePrizes(t, b, { A: 1, C: 3 }, null);
    return { a, b, aIds, bIds };
  }

  it('creates, lists, offers, accepts: units change hands with their ship-by dates and pre-order state', async () => {
    const { a, b, aIds, bIds } = await pair();
    const before = await heldByPrize(t);
    const [aBatch] = await t.services.inventory.batchesByIds(t.ctx.db, [aIds.A!]);
    const tradeId = await createTrade(t, a, [{ batchId: aIds.A!, quantity: 2 }], [await wantedOf(t, bIds.C!, 2)]);

    const inv = await t.services.inventory.inventoryOf(a.user.id);
    const batch = Object.values(inv)
      .flat()
      .flatMap((i) => i.batches)
      .find((x) => x.batchId === aIds.A);
    expect(batch).toMatchObject({ quantity: 2, inTrade: 2 });

    const market = (await tradeCall(t, b, 'GET', '/api/trade')).json().trades;
    expect(market.map((x: { _id: string }) => x._id)).toContain(tradeId);
    const listed = market.find((x: { _id: string }) => x._id === tradeId);
    expect(listed.createdBy.username).toBe(a.user.username);
    expect(listed.prizesOffered[0]).toMatchObject({ quantity: 2, prizeDetails: { name: 'Prize A' } });
    expect(listed.prizesWanted[0]).toMatchObject({ quantity: 2, prizeDetails: { name: 'Prize C' } });
    expect(listed.userOffer).toBeNull();
    // Own trades are not offered to their owner.
    expect(
      (await tradeCall(t, a, 'GET', '/api/trade/active-trades')).json().trades.map((x: { _id: string }) => x._id),
    ).not.toContain(tradeId);
    expect(
      (await tradeCall(t, b, 'GET', `/api/trade?search=${listed.prizesOffered[0].setName}`)).json().trades.length,
    ).toBeGreaterThan(0);
    expect(
      (await tradeCall(t, b, 'GET', `/api/trade?search=${a.user.username}`))
        .json()
        .trades.map((x: { _id: string }) => x._id),
    ).toEqual([tradeId]);
    expect((await tradeCall(t, b, 'GET', '/api/trade?search=zzzz-nothing')).json().trades).toEqual([]);

    const offer = await tradeCall(t, b, 'POST', `/api/trade/offer/${tradeId}`, {
      offeredItems: [{ batchId: bIds.C!, quantity: 2 }],
    });
    expect(offer.statusCode).toBe(200);
    expect(offer.json().message).toBe(M.offerSubmitted);
    const offerId = offer.json().offerId as string;
    const again = await tradeCall(t, b, 'POST', `/api/trade/offer/${tradeId}`, {
      offeredItems: [{ batchId: bIds.C!, quantity: 1 }],
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(M.alreadyOffered);
    expect(
      (await tradeCall(t, b, 'GET', '/api/trade')).json().trades.find((x: { _id: string }) => x._id === tradeId)
        .userOffer._id,
    ).toBe(offerId);
    expect((await t.services.notifications.list(a.user.id)).map((x) => x.message)).toContain(
      `${b.user.username} made an offer on your trade.`,
    );

    const offers = (await tradeCall(t, a, 'GET', `/api/trade/${tradeId}/offers`)).json().offers;
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({
      _id: offerId,
      fromUser: { username: b.user.username },
      offeredPrizes: [{ quantity: 2, prizeId: { name: 'Prize C' } }],
    });

    const accepted = await tradeCall(t, a, 'POST', `/api/trade/${tradeId}/accept-offer/${offerId}`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().message).toBe(M.offerAccepted);
    expect(await heldByPrize(t)).toEqual(before);

    const bGot = (await t.services.inventory.batchesOfUser(b.user.id)).filter((x) => x.prizeId === aBatch!.prizeId);
    expect(bGot).toHaveLength(1);
    expect(bGot[0]!.quantity).toBe(2);
    expect(bGot[0]!.shipByDate!.toISOString()).toBe(aBatch!.shipByDate!.toISOString());
    const aGot = (await t.services.inventory.batchesOfUser(a.user.id)).filter((x) => x.productId !== aBatch!.productId);
    expect(aGot).toHaveLength(1);
    expect(aGot[0]).toMatchObject({ quantity: 2, shipByDate: null });
    expect(await t.services.inventory.freeUnits(bIds.C!)).toBe(1);

    const historyA = (await tradeCall(t, a, 'GET', '/api/trade/history')).json().trades;
    expect(historyA[0]).toMatchObject({
      status: 'completed',
      partnerUsername: b.user.username,
      prizesOffered: [{ quantity: 2, prizeDetails: { name: 'Prize A' } }],
      prizesReceived: [{ quantity: 2, prizeDetails: { name: 'Prize C' } }],
    });
    const historyB = (await tradeCall(t, b, 'GET', '/api/trade/history')).json().trades;
    expect(historyB[0]).toMatchObject({
      partnerUsername: a.user.username,
      prizesOffered: [{ prizeDetails: { name: 'Prize C' } }],
      prizesReceived: [{ prizeDetails: { name: 'Prize A' } }],
    });
    expect((await tradeCall(t, a, 'GET', '/api/trade/user-trades')).json().trades).toEqual([]);
    expect((await t.services.notifications.list(b.user.id)).map((x) => x.message).join('\n')).toContain(
      'accepted your trade offer',
    );
    expect(
      (await t.services.mail.listQueue()).filter((m) => m.subject === 'Your trade offer was accepted'),
    ).toHaveLength(1);

    const twice = await tradeCall(t, a, 'POST', `/api/trade/${tradeId}/accept-offer/${offerId}`);
    expect(twice.statusCode).toBe(409);
    expect(await heldByPrize(t)).toEqual(before);
  });

  it('accepting rejects and unlocks every other offer; reject, withdraw and cancel unlock', async () => {
    const { a, b, aIds, bIds } = await pair();
    const c = await shopper('cat');
    const cIds = await givePrizes(t, c, { B: 2 });
    const tradeId = await createTrade(t, a, [{ batchId: aIds.B!, quantity: 1 }], [await wantedOf(t, bIds.A!)]);
    const offerB = await makeOffer(t, b, tradeId, [{ batchId: bIds.A!, quantity: 1 }]);
    const offerC = await makeOffer(t, c, tradeId, [{ batchId: cIds.B!, quantity: 2 }]);
    expect(await t.services.inventory.freeUnits(cIds.B!)).toBe(0);
    expect((await tradeCall(t, a, 'POST', `/api/trade/${tradeId}/accept-offer/${offerB}`)).statusCode).toBe(200);
    expect(await t.services.inventory.freeUnits(cIds.B!)).toBe(2);
    expect((await tradeCall(t, c, 'DELETE', `/api/trade/${tradeId}/withdraw-offer/${offerC}`)).statusCode).toBe(409);
    expect((await t.services.notifications.list(c.user.id)).map((x) => x.message).join('\n')).toContain('rejected');

    const t2 = await createTrade(t, a, [{ batchId: aIds.A!, quantity: 1 }], [await wantedOf(t, bIds.C!)]);
    const o2 = await makeOffer(t, c, t2, [{ batchId: cIds.B!, quantity: 1 }]);
    const rejected = await tradeCall(t, a, 'DELETE', `/api/trade/${t2}/reject-offer/${o2}`);
    expect(rejected.json().message).toBe(M.offerRejected);
    expect(await t.services.inventory.freeUnits(cIds.B!)).toBe(2);
    const o3 = await makeOffer(t, c, t2, [{ batchId: cIds.B!, quantity: 1 }]);
    const withdrawn = await tradeCall(t, c, 'DELETE', `/api/trade/${t2}/withdraw-offer/${o3}`);
    expect(withdrawn.json().message).toBe(M.offerWithdrawn);
    expect(
      (await tradeCall(t, c, 'GET', '/api/trade')).json().trades.find((x: { _id: string }) => x._id === t2).userOffer,
    ).toBeNull();
    await makeOffer(t, c, t2, [{ batchId: cIds.B!, quantity: 2 }]);
    const cancelled = await tradeCall(t, a, 'DELETE', `/api/trade/cancel-trade/${t2}`);
    expect(cancelled.json().message).toBe(M.cancelled);
    expect(await t.services.inventory.freeUnits(cIds.B!)).toBe(2);
    expect(await t.services.inventory.freeUnits(aIds.A!)).toBe(2);
    expect((await t.services.notifications.list(c.user.id)).map((x) => x.message).join('\n')).toContain(
      'cancelled a trade',
    );
  });

  it('keeps every call to its owner: 403/404 and nothing changes', async () => {
    const { a, b, aIds, bIds } = await pair();
    const mallory = await shopper('mal');
    const mIds = await givePrizes(t, mallory, { A: 1 });
    const tradeId = await createTrade(t, a, [{ batchId: aIds.A!, quantity: 1 }], [await wantedOf(t, bIds.C!)]);
    const offerId = await makeOffer(t, b, tradeId, [{ batchId: bIds.C!, quantity: 1 }]);
    const before = {
      held: await heldByPrize(t),
      a: await freeByPrize(t, a.user.id),
      b: await freeByPrize(t, b.user.id),
      m: await freeByPrize(t, mallory.user.id),
    };
    const wanted = [await wantedOf(t, mIds.A!)];
    const cases: [string, ReturnType<typeof tradeCall>, number[]][] = [
      [
        'create for someone else',
        tradeCall(t, mallory, 'POST', '/api/trade/create', {
          prizesOffered: [{ batchId: mIds.A!, quantity: 1 }],
          prizesWanted: wanted,
          username: a.user.username,
        }),
        [403],
      ],
      [
        'create with their units',
        tradeCall(t, mallory, 'POST', '/api/trade/create', {
          prizesOffered: [{ batchId: aIds.B!, quantity: 1 }],
          prizesWanted: wanted,
          username: mallory.user.username,
        }),
        [404],
      ],
      [
        'offer their units',
        tradeCall(t, mallory, 'POST', `/api/trade/offer/${tradeId}`, {
          offeredItems: [{ batchId: bIds.C!, quantity: 1 }],
        }),
        [404],
      ],
      [
        'offer on own trade',
        tradeCall(t, a, 'POST', `/api/trade/offer/${tradeId}`, { offeredItems: [{ batchId: aIds.B!, quantity: 1 }] }),
        [403],
      ],
      ['offers', tradeCall(t, mallory, 'GET', `/api/trade/${tradeId}/offers`), [403, 404]],
      ['offerer reads offers', tradeCall(t, b, 'GET', `/api/trade/${tradeId}/offers`), [403, 404]],
      ['accept', tradeCall(t, mallory, 'POST', `/api/trade/${tradeId}/accept-offer/${offerId}`), [403, 404]],
      ['offerer accepts', tradeCall(t, b, 'POST', `/api/trade/${tradeId}/accept-offer/${offerId}`), [403, 404]],
      ['reject', tradeCall(t, mallory, 'DELETE', `/api/trade/${tradeId}/reject-offer/${offerId}`), [403, 404]],
      ['withdraw', tradeCall(t, mallory, 'DELETE', `/api/trade/${tradeId}/withdraw-offer/${offerId}`), [403, 404]],
      ['owner withdraws', tradeCall(t, a, 'DELETE', `/api/trade/${tradeId}/withdraw-offer/${offerId}`), [403, 404]],
      ['cancel', tradeCall(t, mallory, 'DELETE', `/api/trade/cancel-trade/${tradeId}`), [403, 404]],
      ['no login', tradeCall(t, null, 'GET', '/api/trade'), [403]],
      ['unknown trade', tradeCall(t, a, 'DELETE', `/api/trade/cancel-trade/${crypto.randomUUID()}`), [404]],
      ['bad id', tradeCall(t, a, 'DELETE', '/api/trade/cancel-trade/nope'), [400]],
    ];
    for (const [name, res, statuses] of cases) {
      const r = await res;
      expect(statuses, `${name}: ${r.statusCode} ${r.body}`).toContain(r.statusCode);
      expect(r.json().message, name).toBeTruthy();
    }
    expect({
      held: await heldByPrize(t),
      a: await freeByPrize(t, a.user.id),
      b: await freeByPrize(t, b.user.id),
      m: await freeByPrize(t, mallory.user.id),
    }).toEqual(before);
    expect((await tradeCall(t, a, 'GET', `/api/trade/${tradeId}/offers`)).json().offers).toHaveLength(1);
  });

  it('refuses duplicates and over-quantity whole, and units due within a day', async () => {
    const { a, b, aIds, bIds } = await pair();
    const wanted = [await wantedOf(t, bIds.C!)];
    const before = await freeByPrize(t, a.user.id);
    const twice = await tradeCall(t, a, 'POST', '/api/trade/create', {
      prizesOffered: [
        { batchId: aIds.B!, quantity: 1 },
        { batchId: aIds.B!, quantity: 1 },
        { batchId: aIds.A!, quantity: 1 },
      ],
      prizesWanted: wanted,
      username: a.user.username,
    });
    expect(twice.statusCode).toBe(400);
    const over = await tradeCall(t, a, 'POST', '/api/trade/create', {
      prizesOffered: [
        { batchId: aIds.A!, quantity: 1 },
        { batchId: aIds.B!, quantity: 2 },
      ],
      prizesWanted: wanted,
      username: a.user.username,
    });
    expect(over.statusCode).toBe(400);
    const zero = await tradeCall(t, a, 'POST', '/api/trade/create', {
      prizesOffered: [{ batchId: aIds.A!, quantity: 0 }],
      prizesWanted: wanted,
      username: a.user.username,
    });
    expect(zero.statusCode).toBe(400);
    const badWanted = await tradeCall(t, a, 'POST', '/api/trade/create', {
      prizesOffered: [{ batchId: aIds.A!, quantity: 1 }],
      prizesWanted: [{ ...wanted[0], productId: crypto.randomUUID() }],
      username: a.user.username,
    });
    expect(badWanted.statusCode).toBe(400);
    expect(await freeByPrize(t, a.user.id)).toEqual(before);
    expect((await tradeCall(t, a, 'GET', '/api/trade/user-trades')).json().trades).toEqual([]);

    const tradeId = await createTrade(t, a, [{ batchId: aIds.A!, quantity: 1 }], wanted);
    const overOffer = await tradeCall(t, b, 'POST', `/api/trade/offer/${tradeId}`, {
      offeredItems: [
        { batchId: bIds.C!, quantity: 2 },
        { batchId: bIds.C!, quantity: 2 },
      ],
    });
    expect(overOffer.statusCode).toBe(400);
    expect(await t.services.inventory.freeUnits(bIds.C!)).toBe(3);
    // Units locked in a trade cannot be abandoned, shipped or used again.
    expect(
      (await tradeCall(t, a, 'POST', '/api/inventory/abandon', { items: [{ batchId: aIds.A!, quantity: 2 }] }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await tradeCall(t, a, 'POST', '/api/trade/create', {
          prizesOffered: [{ batchId: aIds.A!, quantity: 2 }],
          prizesWanted: wanted,
          username: a.user.username,
        })
      ).statusCode,
    ).toBe(400);

    const d = await shopper('dee');
    const dueIds = await givePrizes(t, d, { A: 1 }, 1.5);
    const due = await tradeCall(t, d, 'POST', '/api/trade/create', {
      prizesOffered: [{ batchId: dueIds.A!, quantity: 1 }],
      prizesWanted: wanted,
      username: d.user.username,
    });
    expect(due.statusCode).toBe(400);
    expect(due.json().message).toBe(TRADE_CUTOFF_MESSAGE);
  });

  it('expires trades and offers whose units come due, once, notifying both sides', async () => {
    const { a, b, aIds } = await pair();
    const c = await shopper('cy');
    const cIds = await givePrizes(t, c, { A: 1 }, 30);
    const bLater = await givePrizes(t, b, { B: 1 }, 5);
    const wanted = [await wantedOf(t, cIds.A!)];
    const tradeId = await createTrade(t, a, [{ batchId: aIds.A!, quantity: 1 }], wanted); // due in 10 days
    const longTrade = await createTrade(t, c, [{ batchId: cIds.A!, quantity: 1 }], [await wantedOf(t, aIds.B!)]);
    const offerOnLong = await makeOffer(t, b, longTrade, [{ batchId: bLater.B!, quantity: 1 }]); // due in 5 days
    const offerOnA = await makeOffer(t, c, tradeId, [
      { batchId: (await givePrizes(t, c, { C: 1 }, 30)).C!, quantity: 1 },
    ]);

    t.clock.advance(4 * DAY_MS);
    const first = await t.services.trading.expireDue();
    expect(first.offers).toBeGreaterThanOrEqual(1);
    expect(await t.services.inventory.freeUnits(bLater.B!)).toBe(1);
    expect((await t.services.trading.offersOf(c.user, longTrade)).map((o) => o._id)).not.toContain(offerOnLong);
    expect((await t.services.notifications.list(b.user.id)).map((x) => x.message).join('\n')).toContain(
      'due to ship within 1 day',
    );
    expect((await t.services.notifications.list(c.user.id)).map((x) => x.message).join('\n')).toContain(
      'An offer on your trade was cancelled',
    );

    t.clock.advance(5 * DAY_MS);
    await t.services.trading.expireDue();
    expect(await t.services.inventory.freeUnits(aIds.A!)).toBe(2);
    // (the bearer tokens have expired by now: read through the service)
    expect((await t.services.trading.userTrades(a.user)).map((x) => x._id)).not.toContain(tradeId);
    expect(
      (await t.services.notifications.list(c.user.id)).filter((x) =>
        x.message.startsWith('A trade you made an offer on was cancelled'),
      ),
    ).toHaveLength(1);
    expect(offerOnA).toBeTruthy();
    expect(await t.services.trading.expireDue()).toEqual({ trades: 0, offers: 0 });
    t.clock.advance(-9 * DAY_MS);
  });

  it('an accept fails cleanly when a side no longer holds its units or a unit came due: nothing moves', async () => {
    const { a, b, aIds, bIds } = await pair();
    const tradeId = await createTrade(t, a, [{ batchId: aIds.A!, quantity: 1 }], [await wantedOf(t, bIds.C!)]);
    const offerId = await makeOffer(t, b, tradeId, [{ batchId: bIds.C!, quantity: 1 }]);
    // The offer's hold is gone (as if its units had been taken by other means).
    await t.ctx.db.transaction((tx) => t.services.inventory.releaseLocks(tx, 'trade', offerId));
    const before = {
      held: await heldByPrize(t),
      a: await freeByPrize(t, a.user.id),
      b: await freeByPrize(t, b.user.id),
    };
    const gone = await tradeCall(t, a, 'POST', `/api/trade/${tradeId}/accept-offer/${offerId}`);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe(M.unitsGone);
    expect({
      held: await heldByPrize(t),
      a: await freeByPrize(t, a.user.id),
      b: await freeByPrize(t, b.user.id),
    }).toEqual(before);
    expect((await t.services.trading.userTrades(a.user)).map((x) => x._id)).toContain(tradeId);

    // The owner's unit (ship-by in 10 days) is now due within a day: refused, nothing moves.
    const c = await shopper('late');
    const cIds = await givePrizes(t, c, { B: 1 }, null);
    const offer2 = await makeOffer(t, c, tradeId, [{ batchId: cIds.B!, quantity: 1 }]);
    const held = await heldByPrize(t);
    t.clock.advance(9 * DAY_MS);
    const due = await t.app.inject({
      method: 'POST',
      url: `/api/trade/${tradeId}/accept-offer/${offer2}`,
      headers: (await fundedShopperToken(a)).headers,
    });
    expect(due.statusCode).toBe(400);
    expect(due.json().message).toBe(TRADE_CUTOFF_MESSAGE);
    expect(await t.services.inventory.freeUnits(cIds.B!)).toBe(0);
    expect(await heldByPrize(t)).toEqual(held);
    t.clock.advance(-9 * DAY_MS);
  });

  it('serves the wanted-prize picker data', async () => {
    const { bIds } = await pair();
    const wanted = await wantedOf(t, bIds.C!);
    const products = (await tradeCall(t, null, 'GET', '/api/products-with-prizes')).json().products;
    const product = products.find((p: { _id: string }) => p._id === wanted.productId);
    expect(product.prizes.map((p: { _id: string }) => p._id)).toContain(wanted.prizeId);
    const images = await tradeCall(t, null, 'GET', `/api/products-images?productIds=${wanted.productId}`);
    expect(Object.keys(images.json().prizeImages)).toContain(wanted.prizeId);
    expect((await tradeCall(t, null, 'GET', '/api/products-images?productIds=a,b')).statusCode).toBe(400);
  });

  it('keeps every prize unit count through random sequences of trade calls', async () => {
    const people: Shopper[] = [];
    const batches = new Map<string, string[]>();
    for (let i = 0; i < 3; i++) {
      const s = await shopper('prop');
      people.push(s);
      const ids = await givePrizes(t, s, { A: 4, B: 4, C: 2 }, i === 2 ? null : 10);
      batches.set(s.user.id, Object.values(ids));
    }
    const wantedAll = await Promise.all([...batches.values()].flat().map((id) => wantedOf(t, id)));
    const before = await heldByPrize(t);
    let seed = 12345;
    const rnd = (k: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % k;
    };
    const pick = <X>(xs: X[]) => xs[rnd(xs.length)]!;
    const tradeIds: string[] = [];
    const owners = new Map<string, Shopper>();
    let accepted = 0;
    const offerIds: { tradeId: string; offerId: string; by: Shopper }[] = [];
    const statuses: number[] = [];
    for (let step = 0; step < 120; step++) {
      const who = pick(people);
      // Mostly the caller's own units, sometimes someone else's (which must be refused).
      const units = Array.from({ length: 1 + rnd(2) }, () => ({
        batchId: pick(rnd(5) ? batches.get(who.user.id)! : [...batches.values()].flat()),
        quantity: 1 + rnd(2),
      }));
      const op = rnd(7);
      let res;
      let abandoned = false;
      if (op === 0 || tradeIds.length === 0) {
        res = await tradeCall(t, who, 'POST', '/api/trade/create', {
          prizesOffered: units,
          prizesWanted: [pick(wantedAll)],
          username: who.user.username,
        });
        if (res.statusCode === 200) {
          tradeIds.push(res.json().tradeId);
          owners.set(res.json().tradeId, who);
        }
      } else if (op === 1 || op === 2) {
        const tradeId = pick(tradeIds);
        res = await tradeCall(t, who, 'POST', `/api/trade/offer/${tradeId}`, { offeredItems: units });
        if (res.statusCode === 200) offerIds.push({ tradeId, offerId: res.json().offerId, by: who });
      } else if (op === 3 && offerIds.length > 0) {
        const o = pick(offerIds);
        res = await tradeCall(
          t,
          rnd(5) ? owners.get(o.tradeId)! : who,
          'POST',
          `/api/trade/${o.tradeId}/accept-offer/${o.offerId}`,
        );
        if (res.statusCode === 200) accepted += 1;
      } else if (op === 4 && offerIds.length > 0) {
        const o = pick(offerIds);
        res = await tradeCall(
          t,
          who,
          'DELETE',
          rnd(2)
            ? `/api/trade/${o.tradeId}/withdraw-offer/${o.offerId}`
            : `/api/trade/${o.tradeId}/reject-offer/${o.offerId}`,
        );
      } else if (op === 5) {
        res = await tradeCall(t, who, 'DELETE', `/api/trade/cancel-trade/${pick(tradeIds)}`);
      } else {
        abandoned = true;
        res = await tradeCall(t, who, 'POST', '/api/inventory/abandon', { items: units.slice(0, 1) });
      }
      expect(res.statusCode, res.body).toBeLessThan(500);
      statuses.push(res.statusCode);
      const now = await heldByPrize(t);
      if (!abandoned) expect(now).toEqual(before);
      Object.assign(before, now);
    }
    // Enough calls succeeded for the sequence to mean something.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(15);
    expect(accepted).toBeGreaterThan(0);
    // Locked units never exceed what is held, and every live lock belongs to a live trade or offer.
    for (const s of people)
      for (const b of await t.services.inventory.batchesOfUser(s.user.id))
        expect(b.removed + b.locked).toBeLessThanOrEqual(b.quantity);
  });
});

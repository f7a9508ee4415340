import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createTestProduct } from '../modules/catalogue/test-helpers.ts';
import { api, fundedShopper, ticketsLeftOf } from '../modules/orders/test-helpers.ts';
import { MAX_OPEN_RESERVATIONS, TOO_MANY_RESERVATIONS } from '../modules/stock/service.ts';
import { confirmWithCard, startTokenPurchase, testPackage, testShopper } from '../modules/token-shop/test-helpers.ts';
import { bearer, signUp } from '../modules/accounts/test-helpers.ts';
import { ROUTE_LIMITS } from './route-limits.ts';

/** Holds, intents, anonymous writes and uploads are bounded (docs/rules/security.md). */
describe('bounded holds and writes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('one open card reservation per shopper per round (a new one replaces it), a few over all rounds', async () => {
    const sets = [];
    // One after the other: the fixture numbers its SKUs.
    for (let i = 0; i <= MAX_OPEN_RESERVATIONS; i++) sets.push(await createTestProduct(t));
    const hoarder = await fundedShopper(t, 'hoarder', 0);
    const reserve = (setId: string, ticketsBought: number) =>
      api(t, hoarder, 'POST', '/api/payment/kuji/create-intent', { username: 'hoarder', setId, ticketsBought });
    const first = sets[0]!.setId;
    expect((await reserve(first, 3)).statusCode).toBe(200);
    expect(await ticketsLeftOf(t, first)).toBe(7);
    expect((await reserve(first, 2)).statusCode).toBe(200);
    expect(await ticketsLeftOf(t, first)).toBe(8); // the 3 of the first reservation are free again
    for (const { setId } of sets.slice(1, MAX_OPEN_RESERVATIONS))
      expect((await reserve(setId, 1)).statusCode).toBe(200);
    const over = await reserve(sets[MAX_OPEN_RESERVATIONS]!.setId, 1);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(TOO_MANY_RESERVATIONS);
    expect(await ticketsLeftOf(t, sets[MAX_OPEN_RESERVATIONS]!.setId)).toBe(10);
  });

  it('card reservations are rate-limited per shopper, with Retry-After', async () => {
    const { setId } = await createTestProduct(t);
    const busy = await fundedShopper(t, 'busy', 0);
    const { max } = ROUTE_LIMITS['POST /api/payment/kuji/create-intent']!;
    const sets = [setId, (await createTestProduct(t)).setId];
    for (let i = 0; i < max; i++) {
      // Each checkout paid (an unpaid one replaced again and again would cool the shopper down first).
      const res = await api(t, busy, 'POST', '/api/payment/kuji/create-intent', {
        username: 'busy',
        setId: sets[i % 2],
        ticketsBought: 1,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await confirmWithCard(t, res.json().clientSecret)).statusCode).toBe(200);
    }
    const over = await api(t, busy, 'POST', '/api/payment/kuji/create-intent', {
      username: 'busy',
      setId,
      ticketsBought: 1,
    });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/^Too many attempts/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else is not affected.
    const other = await fundedShopper(t, 'calm', 0);
    expect(
      (await api(t, other, 'POST', '/api/payment/kuji/create-intent', { username: 'calm', setId, ticketsBought: 1 }))
        .statusCode,
    ).toBe(200);
  });

  it('buy-outs: a few per hour per shopper; the hold lasts the reservation window', async () => {
    const buyer = await fundedShopper(t, 'buyer', 0);
    const { max } = ROUTE_LIMITS['POST /api/payment/kuji/buy-out']!;
    for (let i = 0; i < max; i++) {
      const { setId } = await createTestProduct(t);
      const res = await api(t, buyer, 'POST', '/api/payment/kuji/buy-out', { username: 'buyer', setId });
      // Over the open-reservation bound a buy-out is refused too (409), never past the rate limit.
      expect([200, 409]).toContain(res.statusCode);
      if (res.statusCode === 200) {
        const { orderId } = res.json();
        const reservation = (await api(t, buyer, 'GET', `/api/order/${orderId}/reservation`)).json();
        const { round } = await t.services.catalogue.getProductOfRound(t.ctx.db, setId);
        expect(round.holdUntil?.toISOString()).toBe(reservation.expiresAt);
      }
    }
    const { setId } = await createTestProduct(t);
    expect((await api(t, buyer, 'POST', '/api/payment/kuji/buy-out', { username: 'buyer', setId })).statusCode).toBe(
      429,
    );
  });

  it('token intents are rate-limited per shopper', async () => {
    const shopper = await testShopper(t, 'tokeny');
    const pkg = await testPackage(t);
    const { max } = ROUTE_LIMITS['POST /api/payment/token/create-intent']!;
    for (let i = 0; i < max; i++) await startTokenPurchase(t, shopper, pkg._id);
    const over = await t.app.inject({
      method: 'POST',
      url: '/api/payment/token/create-intent',
      headers: shopper.headers,
      payload: { packageId: pkg._id, username: 'tokeny' },
    });
    expect(over.statusCode).toBe(429);
  });

  it('anonymous analytics: size-capped and rate-limited per address', async () => {
    const send = (payload: unknown, ip = '198.18.0.1') =>
      t.app.inject({ method: 'POST', url: '/api/analytics/event', payload: payload as object, remoteAddress: ip });
    const big = await send({ name: 'View Product', properties: { junk: 'x'.repeat(5000) } });
    expect(big.statusCode).toBe(413);
    const { max } = ROUTE_LIMITS['POST /api/analytics/event']!;
    for (let i = 0; i < max; i++)
      expect((await send({ name: 'View Product', properties: { i } })).statusCode).toBe(202);
    expect((await send({ name: 'View Product' })).statusCode).toBe(429);
    expect((await send({ name: 'View Product' }, '198.18.0.2')).statusCode).toBe(202);
  });

  it('a replaced profile picture is deleted; a picture the shop also uses is kept', async () => {
    const pia = await signUp(t, { username: 'pia', email: 'pia@example.com' });
    const upload = async (bytes: Buffer) => {
      const boundary = 'PiaBoundary';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="profileImage"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/update-profile',
        payload: body,
        headers: { ...bearer(pia.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().user.profilePicture as string;
    };
    const image = (name: string) => t.app.inject({ method: 'GET', url: `/api/images/${name}` });
    const first = await upload(Buffer.from('first picture'));
    expect((await image(first)).statusCode).toBe(200);
    const second = await upload(Buffer.from('second picture'));
    expect((await image(first)).statusCode).toBe(404);
    expect((await image(second)).statusCode).toBe(200);
    // The shop stores the same bytes itself: replacing the picture keeps the shop's image.
    const shared = await t.services.media.putImage(t.ctx.db, Buffer.from('second picture'), 'image/png');
    expect(shared).toBe(second);
    await upload(Buffer.from('third picture'));
    expect((await image(second)).statusCode).toBe(200);
    expect(
      await t.services.media.imagesOwnedBy(t.ctx.db, (await t.services.accounts.findAccount('pia'))!.id),
    ).toHaveLength(1);
  });
});

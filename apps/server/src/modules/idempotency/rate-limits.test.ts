import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kujiya/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ROUTE_LIMITS } from '../../core/route-limits.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';
import { fundedShopper, type Shopper } from '../orders/test-helpers.ts';
import { confirmWithCard } from '../token-shop/test-helpers.ts';

const CHECKOUT = 'POST /api/payment/kuji/create-intent';

/**
 * A retry is never punished (docs/operations.md, "Idempotent money calls"): a replayed
 * `Idempotency-Key` is answered before the route's rate limit and does not count against it; a 429
 * of that limit is not stored under the key; the key takes any printable ASCII, spaces included.
 */
describe('Idempotency-Key and the rate limits', () => {
  let t: TestApp;
  let setIds: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    setIds = [(await createTestProduct(t)).setId, (await createTestProduct(t)).setId];
  });
  afterAll(async () => t.close());

  const checkout = (shopper: Shopper, key: string, n: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payment/kuji/create-intent',
      headers: { ...shopper.headers, 'idempotency-key': key },
      payload: { username: shopper.user.username, setId: setIds[n % 2], ticketsBought: 1 },
    });
  /** A fresh checkout, paid (an unpaid one replaced again and again would cool the shopper down first). */
  async function paidCheckout(shopper: Shopper, key: string, n: number) {
    const res = await checkout(shopper, key, n);
    expect(res.statusCode, res.body).toBe(200);
    expect((await confirmWithCard(t, res.json().clientSecret)).statusCode).toBe(200);
    return res;
  }
  const storedKeys = async (shopper: Shopper) =>
    (
      await t.database.executeSql('select key from idempotency_keys where user_id = $1 order by key', [shopper.user.id])
    ).rows.map((row) => row.key);

  it('answers replays of one checkout before the limit, without counting them', async () => {
    const { max } = ROUTE_LIMITS[CHECKOUT]!;
    const shopper = await fundedShopper(t, 'retrier', 0);
    const first = await paidCheckout(shopper, 'checkout-0', 0);
    // More replays than the limit allows calls: each is the first answer, none a 429.
    for (let i = 0; i <= max; i++) {
      const again = await checkout(shopper, 'checkout-0', 0);
      expect({ status: again.statusCode, body: again.body }).toEqual({ status: 200, body: first.body });
      expect(again.headers['idempotent-replayed']).toBe('true');
    }
    // The limit still counts the checkouts that ran: the shopper has max - 1 left, then a 429.
    for (let n = 1; n < max; n++) await paidCheckout(shopper, `checkout-${n}`, n);
    const over = await checkout(shopper, `checkout-${max}`, max);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe(ErrorCode.RATE_LIMITED);
    // The 429 is not stored under its key: a retry is refused afresh (not replayed), and the key's
    // claim is gone, so once the window allows, the same key runs the checkout.
    const retried = await checkout(shopper, `checkout-${max}`, max);
    expect(retried.statusCode).toBe(429);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await storedKeys(shopper)).not.toContain(`checkout-${max}`);
    // A replay of a stored answer still comes back while the shopper is limited.
    const replayed = await checkout(shopper, 'checkout-1', 1);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
  });

  it('takes a key with spaces (printable ASCII), and replays it', async () => {
    const shopper = await fundedShopper(t, 'spacer', 0);
    const key = 'checkout of 7 Dec ~ #1';
    const first = await checkout(shopper, key, 0);
    expect(first.statusCode, first.body).toBe(200);
    const again = await checkout(shopper, key, 0);
    expect({ status: again.statusCode, body: again.body }).toEqual({ status: 200, body: first.body });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await storedKeys(shopper)).toEqual([key]);
    // Outside printable ASCII it is still refused.
    const refused = await checkout(shopper, 'caf\u00e9', 0);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe(ErrorCode.IDEMPOTENCY_KEY_INVALID);
  });
});

import type { Principal } from '../../core/auth.ts';
import type { TestApp } from '../../test/test-app.ts';
import { testShopper } from '../token-shop/test-helpers.ts';

export type Shopper = { user: Principal; headers: { authorization: string } };

/** A shopper with `tokens` in the wallet (one purchased lot). */
export async function fundedShopper(t: TestApp, username: string, tokens: number): Promise<Shopper> {
  const shopper = await testShopper(t, username);
  if (tokens > 0) {
    await t.ctx.db.transaction((tx) =>
      t.services.wallet.credit(tx, {
        userId: shopper.user.id,
        amount: tokens,
        source: 'purchase',
        reference: 'test-funds',
      }),
    );
  }
  return shopper;
}

export function useTokens(t: TestApp, shopper: Shopper, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/token/use',
    headers: shopper.headers,
    payload: { username: shopper.user.username, ...body },
  });
}

export function api(
  t: TestApp,
  shopper: Shopper | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
) {
  return t.app.inject({ method, url, headers: shopper?.headers ?? {}, ...(payload ? { payload } : {}) });
}

/** Tickets left of a round as the shop shows them. */
export async function ticketsLeftOf(t: TestApp, setId: string): Promise<number> {
  return (await t.services.stock.availabilityOf(t.ctx.db, setId)).left;
}

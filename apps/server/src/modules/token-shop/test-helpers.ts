import type { Principal, TokenSubject } from '../../core/auth.ts';
import type { TestApp } from '../../test/test-app.ts';
import { insertTestShopper } from '../accounts/test-helpers.ts';

/** Test helpers: a shopper (a real account: tokens of unknown accounts are refused) with a bearer token, and a token package to buy. */
export async function testShopper(
  t: TestApp,
  username = 'alice',
): Promise<{ user: TokenSubject; headers: { authorization: string } }> {
  const user = await insertTestShopper(t, username);
  const { token } = await t.ctx.tokens.sign(user);
  return { user, headers: { authorization: `Bearer ${token}` } };
}

export async function testPackage(
  t: TestApp,
  input: { tokenAmount?: number; price?: number; originalPrice?: number } = {},
) {
  return t.services.tokenShop.createPackage(t.ctx.db, {
    packageName: `${input.tokenAmount ?? 100} Tokens`,
    tokenAmount: input.tokenAmount ?? 100,
    price: input.price ?? 1000,
    originalPrice: input.originalPrice,
  });
}

/** Starts a token purchase through the API; answers the intent id and client secret. */
export async function startTokenPurchase(
  t: TestApp,
  shopper: { user: Principal; headers: Record<string, string> },
  packageId: string,
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payment/token/create-intent',
    headers: shopper.headers,
    payload: { packageId, username: shopper.user.username },
  });
  if (res.statusCode !== 200) throw new Error(`create-intent answered ${res.statusCode}: ${res.body}`);
  return res.json() as { clientSecret: string; paymentIntentId: string };
}

/** Pays through the test gateway's confirm endpoint, as the browser's card form does. */
export async function confirmWithCard(t: TestApp, clientSecret: string, cardNumber = '4242 4242 4242 4242') {
  return t.app.inject({
    method: 'POST',
    url: '/api/test-gateway/confirm',
    payload: { clientSecret, cardNumber, expiry: '12/34', cvc: '123' },
  });
}

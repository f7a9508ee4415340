import type { TestApp } from '../../test/test-app.ts';
import type { Shopper } from '../orders/test-helpers.ts';

export type Method = 'GET' | 'POST' | 'DELETE';

export function tradeCall(t: TestApp, shopper: Shopper | null, method: Method, url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: shopper?.headers ?? {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

/** The product and prize of a batch, as a wanted-prize entry. */
export async function wantedOf(t: TestApp, batchId: string, quantity = 1) {
  const [batch] = await t.services.inventory.batchesByIds(t.ctx.db, [batchId]);
  return { productId: batch!.productId, prizeId: batch!.prizeId, quantity };
}

/** POST /api/trade/create offering `units` and wanting `wanted`; returns the trade id (throws otherwise). */
export async function createTrade(
  t: TestApp,
  shopper: Shopper,
  units: { batchId: string; quantity: number }[],
  wanted: { productId: string; prizeId: string; quantity: number }[],
) {
  const res = await tradeCall(t, shopper, 'POST', '/api/trade/create', {
    prizesOffered: units,
    prizesWanted: wanted,
    username: shopper.user.username,
  });
  if (res.statusCode !== 200) throw new Error(`create answered ${res.statusCode}: ${res.body}`);
  return res.json().tradeId as string;
}

export async function makeOffer(
  t: TestApp,
  shopper: Shopper,
  tradeId: string,
  units: { batchId: string; quantity: number }[],
) {
  const res = await tradeCall(t, shopper, 'POST', `/api/trade/offer/${tradeId}`, { offeredItems: units });
  if (res.statusCode !== 200) throw new Error(`offer answered ${res.statusCode}: ${res.body}`);
  return res.json().offerId as string;
}

/** Units held per prize across every inventory (free, locked or in trade): trades must never change it. */
export async function heldByPrize(t: Pick<TestApp, 'services'>) {
  return Object.fromEntries([...(await t.services.inventory.heldUnitsByPrize()).entries()].sort());
}

/** Free units of a user's batches, summed per prize. */
export async function freeByPrize(t: TestApp, userId: string) {
  const out: Record<string, number> = {};
  for (const b of await t.services.inventory.batchesOfUser(userId))
    out[b.prizeId] = (out[b.prizeId] ?? 0) + b.quantity - b.removed - b.locked;
  return out;
}

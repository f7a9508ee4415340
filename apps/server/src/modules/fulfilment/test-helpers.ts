import { DAY_MS, addDays, collectionDates, collectionSlotsFor, singaporeDate, singaporeInstant } from '@kujiya/shared';
import type { TestApp } from '../../test/test-app.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';
import { fundedShopper, type Shopper } from '../orders/test-helpers.ts';

/** A shopper with a complete Singapore profile address and phone number. */
export async function addressedShopper(
  t: Pick<TestApp, 'ctx' | 'services'> & TestApp,
  username: string,
): Promise<Shopper> {
  const shopper = await fundedShopper(t, username, 0);
  await t.services.accounts.updateProfile(shopper.user, {
    phoneNumber: '91234567',
    fullName: 'Test Shopper',
    country: 'SG',
    postalCode: '123456',
    unitNumber: '#01-01',
    fullAddress: '1 Test Road',
  });
  return shopper;
}

/**
 * Gives a shopper won units directly (one batch per prize letter), ship-by `shipByInDays` from now
 * (null = pre-order). Returns the batch ids by letter.
 */
export async function givePrizes(
  t: TestApp,
  shopper: Shopper,
  counts: Partial<Record<'A' | 'B' | 'C' | 'LAST', number>>,
  shipByInDays: number | null = 10,
): Promise<Record<string, string>> {
  const product = await createTestProduct(t);
  const prizes = await t.services.catalogue.prizesOfProduct(t.ctx.db, product.productId);
  const now = t.ctx.clock.now();
  await t.ctx.db.transaction(async (tx) => {
    await t.services.inventory.addBatches(
      tx,
      Object.entries(counts).map(([letter, quantity]) => ({
        userId: shopper.user.id,
        prizeId: prizes.find((p) => p.letter === letter)!.id,
        productId: product.productId,
        roundId: product.setId,
        orderId: null,
        quantity: quantity!,
        shipByDate: shipByInDays === null ? null : new Date(now.getTime() + shipByInDays * DAY_MS),
        sku: product.input.sku,
        source: 'draw' as const,
      })),
    );
  });
  const batches = await t.services.inventory.batchesOfUser(shopper.user.id);
  const ids: Record<string, string> = {};
  for (const b of batches.filter((x) => x.productId === product.productId)) {
    ids[prizes.find((p) => p.id === b.prizeId)!.letter] = b.id;
  }
  return ids;
}

export function call(t: TestApp, shopper: Shopper | null, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: shopper?.headers ?? {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

export async function confirmCard(t: TestApp, clientSecret: string, cardNumber = '4242 4242 4242 4242') {
  return t.app.inject({
    method: 'POST',
    url: '/api/test-gateway/confirm',
    payload: { clientSecret, cardNumber, expiry: '12/34', cvc: '123' },
  });
}

/**
 * The first bookable self-collection slot after `now` (a week ahead at 2 PM if none is left in the
 * window). `now` is the clock the app under test reads: its test clock, or the real time for
 * instances on the system clock. A slot by real time against a test clock fixed in November fell
 * outside the 14-day window once the real date moved on.
 */
export function nextCollectionSlot(now: Date): string {
  for (const date of collectionDates(now)) {
    const slot = collectionSlotsFor(date, now)[0];
    if (slot) return slot.toISOString();
  }
  return singaporeInstant(addDays(singaporeDate(now), 7), 14).toISOString();
}

/**
 * A pre-order prize arrives for the shopper: they are given one pre-order unit of a set, and the owner
 * (`admin` logged in with its credentials) switches the set to in stock, updating the inventory.
 */
export async function preorderArrives(t: TestApp, shopper: Shopper, admin: { username: string; password: string }) {
  const ids = await givePrizes(t, shopper, { A: 1 }, null);
  const batch = (await t.services.inventory.batchesOfUser(shopper.user.id)).find((b) => b.id === ids.A)!;
  const login = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: admin });
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/products/${batch.productId}/availability`,
    headers: { authorization: `Bearer ${login.json().token}` },
    payload: { availability: 'instock', updateInventory: true },
  });
}

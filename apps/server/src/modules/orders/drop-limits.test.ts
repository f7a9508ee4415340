import { describe, expect, it } from 'vitest';
import type { NewProduct } from '@kujiya/shared';
import type { Principal } from '../../core/auth.ts';
import { callInstance, until, useInstances, type Instance } from '../../test/instances.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';
import type { DropSettingsPatch } from '../catalogue/service.ts';
import { insertTestShopper } from '../accounts/test-helpers.ts';

type Shopper = { user: Principal; authorization: string };

/**
 * Drop day's opening and limits across instances (docs/rules/drops.md): two real server processes
 * on one PostgreSQL database take concurrent purchases of one shopper on every payment path; the
 * limits are read under the round lock, so no interleaving passes them. PostgreSQL only (skipped
 * on PGlite).
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('drop limits on two instances', () => {
  const shop = useInstances();
  let shopperCount = 0;

  async function shopper(tokens: number): Promise<Shopper> {
    const { t } = shop;
    shopperCount += 1;
    const user = await insertTestShopper(t, `drop${shopperCount}`);
    await t.ctx.db.transaction((tx) =>
      t.services.wallet.credit(tx, { userId: user.id, amount: tokens, source: 'purchase', reference: 'test-funds' }),
    );
    return { user, authorization: `Bearer ${(await t.ctx.tokens.sign(user)).token}` };
  }

  /** 50 tickets (A x10, B x40) and a Last Prize, with the drop settings given. */
  async function limitedRound(settings: DropSettingsPatch) {
    const { t } = shop;
    const image = await t.services.media.putImage(
      t.ctx.db,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'image/svg+xml',
    );
    const prizes: NewProduct['prizes'] = [
      { kind: 'letter', letter: 'A', description: 'Figure', image, type: 'Big', quantity: 10 },
      { kind: 'letter', letter: 'B', description: 'Plush', image, type: 'Small', quantity: 40 },
      { kind: 'last', description: 'Last figure', image, type: 'Big' },
    ];
    const created = await createTestProduct(t, { prizes });
    await t.ctx.db.transaction((tx) => t.services.catalogue.setDropSettings(tx, created.productId, settings));
    return created;
  }

  const buy = (instance: Instance, buyer: Shopper, path: 'token' | 'card', setId: string, ticketsBought: number) =>
    path === 'token'
      ? callInstance(instance, buyer.authorization, 'POST', '/api/token/use', {
          username: buyer.user.username,
          setId,
          ticketsBought,
        })
      : callInstance(instance, buyer.authorization, 'POST', '/api/payment/kuji/create-intent', {
          username: buyer.user.username,
          setId,
          ticketsBought,
        });

  /** The shopper's tickets counted against the limit: paid orders and card checkouts still holding tickets. */
  async function counted(buyer: Shopper, setId: string) {
    const now = Date.now();
    const orders = (await shop.t.services.orders.ordersOfUser(buyer.user.id)).filter((o) => o.roundId === setId);
    return orders
      .filter(
        (o) =>
          o.status === 'paid' ||
          (o.status === 'pending' && o.reservationExpiresAt !== null && o.reservationExpiresAt.getTime() > now),
      )
      .reduce((n, o) => n + o.paidTickets, 0);
  }

  it('one shopper firing token purchases at both instances at once gets exactly up to the limit', async () => {
    const [a, b] = shop.instances as [Instance, Instance];
    const { setId } = await limitedRound({ maxTicketsPerShopper: 5 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => shopper(1000)));
    const results = await Promise.all(
      buyers.flatMap((buyer) => Array.from({ length: 8 }, (_, k) => buy(k % 2 ? a : b, buyer, 'token', setId, 2))),
    );
    for (const res of results) {
      expect([200, 400]).toContain(res.status);
      if (res.status === 400) expect((res.json as { code: string }).code).toBe('SHOPPER_LIMIT_REACHED');
    }
    expect(results.filter((res) => res.status === 200)).toHaveLength(20);
    for (const buyer of buyers) expect(await counted(buyer, setId)).toBe(4);
  });

  it('tokens and card checkouts of one shopper at once on both instances never pass the limit together', async () => {
    const [a, b] = shop.instances as [Instance, Instance];
    const { setId } = await limitedRound({ maxTicketsPerShopper: 3 });
    const buyers = await Promise.all(Array.from({ length: 8 }, () => shopper(1000)));
    const results = await Promise.all(
      buyers.flatMap((buyer) => [
        buy(a, buyer, 'token', setId, 2),
        buy(b, buyer, 'card', setId, 2),
        buy(b, buyer, 'token', setId, 2),
        buy(a, buyer, 'card', setId, 2),
      ]),
    );
    for (const res of results) {
      expect([200, 400]).toContain(res.status);
      if (res.status === 400) expect((res.json as { code: string }).code).toBe('SHOPPER_LIMIT_REACHED');
    }
    // Two tickets at most stand per shopper: a token order, or a card checkout (a later one replaces it).
    for (const buyer of buyers) expect(await counted(buyer, setId)).toBe(2);
    // Paying every card checkout that still stands keeps each shopper within the limit.
    const intents = results.filter((res) => res.status === 200 && 'clientSecret' in (res.json as object));
    for (const res of intents) {
      await callInstance(a, undefined, 'POST', '/api/test-gateway/confirm', {
        clientSecret: (res.json as { clientSecret: string }).clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/34',
        cvc: '123',
      });
    }
    for (const buyer of buyers) {
      const paid = (await shop.t.services.orders.ordersOfUser(buyer.user.id)).filter(
        (o) => o.roundId === setId && o.status === 'paid',
      );
      expect(paid.reduce((n, o) => n + o.paidTickets, 0)).toBeLessThanOrEqual(3);
    }
  });

  it('refuses every purchase on both instances before the opening, then sells once it passes', async () => {
    const [a, b] = shop.instances as [Instance, Instance];
    const { t } = shop;
    // The setup app's clock runs a minute behind the instances', so an opening 8 s away is accepted here.
    const opensAt = new Date(Date.now() + 8000);
    t.clock.set(new Date(Date.now() - 60_000));
    const { setId } = await limitedRound({ salesStartAt: opensAt });
    const buyer = await shopper(1000);
    const early = await Promise.all([
      buy(a, buyer, 'token', setId, 1),
      buy(b, buyer, 'card', setId, 1),
      callInstance(b, buyer.authorization, 'POST', '/api/payment/kuji/buy-out', {
        username: buyer.user.username,
        setId,
      }),
    ]);
    for (const res of early) {
      if (Date.now() >= opensAt.getTime()) break; // the machine was too slow to ask before the opening
      expect(res.status).toBe(409);
      expect(res.json).toMatchObject({ code: 'SALES_NOT_OPEN', salesStartAt: opensAt.toISOString() });
    }
    if (Date.now() < opensAt.getTime()) expect(await counted(buyer, setId)).toBe(0);
    await until(async () => (await buy(b, buyer, 'token', setId, 1)).status === 200, 60_000);
    expect(Date.now()).toBeGreaterThanOrEqual(opensAt.getTime());
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopClockTime, type NewProduct } from '@kujiya/shared';
import { MINUTE } from '../../core/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';
import { confirmWithCard } from '../token-shop/test-helpers.ts';
import { MAX_UNPAID_TICKETS, tooManyUnpaidTickets } from '../stock/service.ts';
import { api, fundedShopper, useTokens, type Shopper } from './test-helpers.ts';

/**
 * One account cannot hold a set hostage (docs/rules/security.md): lapses cool a shopper down on
 * that set, longer each time; the tickets held unpaid over the shop are capped; an honest buyer
 * who pays is never refused.
 */
describe('holding sets hostage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const checkout = (shopper: Shopper, setId: string, ticketsBought: number) =>
    api(t, shopper, 'POST', '/api/payment/kuji/create-intent', {
      username: shopper.user.username,
      setId,
      ticketsBought,
    });
  const buyOut = (shopper: Shopper, setId: string) =>
    api(t, shopper, 'POST', '/api/payment/kuji/buy-out', { username: shopper.user.username, setId });
  const lapse = () => t.clock.advance(10 * MINUTE + 1000);

  async function bigSet(tickets: number) {
    const { image } = await createTestProduct(t);
    const prizes: NewProduct['prizes'] = [
      { kind: 'letter', letter: 'A', description: 'Keychain', image, type: 'Small', quantity: tickets },
    ];
    return createTestProduct(t, { prizes });
  }

  it('a shopper who lets checkouts lapse twice is cooled down on that set, with when to try again; longer after a third', async () => {
    const { setId } = await createTestProduct(t);
    const other = await createTestProduct(t);
    const hostage = await fundedShopper(t, 'hostage', 100);
    const buyer = await fundedShopper(t, 'bystander', 100);

    expect((await checkout(hostage, setId, 10)).statusCode).toBe(200);
    expect((await checkout(buyer, setId, 1)).json().message).toBe('Not enough tickets left');
    lapse();
    // The first lapse is forgiven (a card can fail, a phone can ring).
    expect((await buyOut(hostage, setId)).statusCode).toBe(200);
    lapse();
    const secondLapseAt = t.clock.now().getTime() - 1000;

    const refused = await checkout(hostage, setId, 1);
    expect(refused.statusCode).toBe(429);
    const until = new Date(secondLapseAt + 30 * MINUTE);
    expect(refused.json()).toEqual({
      message: `You let 2 checkouts of this set lapse unpaid, so you can reserve its tickets again at ${shopClockTime(until)}, in 30 minutes. Buying with tokens is not affected.`,
      retryAt: until.toISOString(),
      code: 'RATE_LIMITED',
    });
    expect(Number(refused.headers['retry-after'])).toBe(30 * 60 - 1);
    expect((await buyOut(hostage, setId)).statusCode).toBe(429);
    // Nothing was held by the refusals: everyone else buys.
    expect((await checkout(buyer, setId, 1)).statusCode).toBe(200);
    // Tokens pay at once and hold nothing: not affected. Other sets: not affected.
    expect((await useTokens(t, hostage, { setId, ticketsBought: 1 })).statusCode).toBe(200);
    expect((await checkout(hostage, other.setId, 1)).statusCode).toBe(200);

    t.clock.advance(30 * MINUTE);
    expect((await checkout(hostage, setId, 2)).statusCode).toBe(200);
    lapse();
    const third = await checkout(hostage, setId, 1);
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toMatch(/^You let 3 checkouts of this set lapse unpaid, .* in 2 hours\./);
  });

  it('replacing a checkout again and again is lapsing it: the set cannot be held for ever by one account', async () => {
    const { setId } = await createTestProduct(t);
    const renewer = await fundedShopper(t, 'renewer', 0);
    // Half the set, renewed every 9 minutes (each checkout needs the other half free).
    expect((await checkout(renewer, setId, 5)).statusCode).toBe(200);
    t.clock.advance(9 * MINUTE);
    expect((await checkout(renewer, setId, 5)).statusCode).toBe(200);
    t.clock.advance(9 * MINUTE);
    expect((await checkout(renewer, setId, 5)).statusCode).toBe(200);
    t.clock.advance(9 * MINUTE);
    const refused = await checkout(renewer, setId, 5);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^You let 2 checkouts of this set lapse unpaid, .* in 21 minutes\./);
  });

  it('an honest buyer who pays is never refused: checkout after checkout, and after changing their mind', async () => {
    const { setId } = await createTestProduct(t);
    const honest = await fundedShopper(t, 'honest', 0);
    for (let i = 0; i < 5; i++) {
      const res = await checkout(honest, setId, 1);
      expect(res.statusCode, res.body).toBe(200);
      expect((await confirmWithCard(t, res.json().clientSecret)).statusCode).toBe(200);
    }
    // Changes their mind twice (two replaced checkouts), pays the third: the slate is clean again.
    expect((await checkout(honest, setId, 2)).statusCode).toBe(200);
    expect((await checkout(honest, setId, 1)).statusCode).toBe(200);
    const kept = await checkout(honest, setId, 1);
    expect(kept.statusCode).toBe(200);
    expect((await confirmWithCard(t, kept.json().clientSecret)).statusCode).toBe(200);
    const next = await checkout(honest, setId, 1);
    expect(next.statusCode, next.body).toBe(200);
    expect((await confirmWithCard(t, next.json().clientSecret)).statusCode).toBe(200);
  });

  it(`caps the tickets one shopper holds unpaid over the shop at ${MAX_UNPAID_TICKETS}, but never a lone checkout`, async () => {
    const [big, small, third] = [await bigSet(50), await bigSet(30), await bigSet(30)];
    const collector = await fundedShopper(t, 'collector', 0);
    const lone = await checkout(collector, big.setId, 45);
    expect(lone.statusCode).toBe(200);
    const over = await checkout(collector, small.setId, 1);
    expect([over.statusCode, over.json().message]).toEqual([409, tooManyUnpaidTickets(45)]);
    expect((await confirmWithCard(t, lone.json().clientSecret)).statusCode).toBe(200);
    // Paid: nothing is held any more.
    expect((await checkout(collector, small.setId, 20)).statusCode).toBe(200);
    expect((await checkout(collector, third.setId, 20)).statusCode).toBe(200);
    const past = await checkout(collector, big.setId, 1);
    expect([past.statusCode, past.json().message]).toEqual([409, tooManyUnpaidTickets(40)]);
  });
});

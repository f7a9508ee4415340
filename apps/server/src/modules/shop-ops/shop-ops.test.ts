import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { shopOpsMessages, staffMayUse } from '@kujiya/shared';
import { DAY, TestClock } from '../../core/clock.ts';
import { HttpError } from '../../core/http-errors.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bearer, post } from '../accounts/test-helpers.ts';
import { confirmWithCard, startTokenPurchase, testShopper } from '../token-shop/test-helpers.ts';
import { fundedShopper } from '../orders/test-helpers.ts';
import { givePrizes } from '../fulfilment/test-helpers.ts';
import { createTrade, freeByPrize, makeOffer, tradeCall, wantedOf } from '../trading/test-helpers.ts';

const OWNER = { username: 'Owner', password: 'Owner123!' };

/** The set-password token in the latest invitation mailed to an address. */
async function inviteToken(t: TestApp, email: string): Promise<string> {
  await t.services.mail.deliverQueued();
  const [mail] = await t.services.mail.listOutbox({ to: email, limit: 1 });
  const token = mail?.text.match(/\/admin\/set-password\/([A-Za-z0-9_-]{43})/)?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

const hasAdminGuard = (t: TestApp, route: RouteOptions) => {
  const handlers = [route.onRequest ?? []].flat();
  return handlers.includes(t.ctx.guards.requireAdmin as never);
};

describe('running the shop from the back office', () => {
  let t: TestApp;
  const clock = new TestClock('2026-06-01T00:00:00.000Z');
  let owner: Record<string, string>;
  let staff: Record<string, string>;

  // Each change a second after the last, so the audit log's order is the order of the changes.
  const as = (headers: Record<string, string>, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    if (method !== 'GET') clock.advance(1000);
    return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  };

  beforeAll(async () => {
    t = await createTestApp({ clock, env: { ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password } });
    owner = bearer((await post(t, '/api/admin/login', OWNER)).json().token);
    const invited = await as(owner, 'POST', '/api/admin/admins', {
      username: 'counter',
      email: 'Counter@kujiya.test',
      role: 'staff',
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ username: 'counter', role: 'staff', passwordSet: false });
    const accepted = await post(t, '/api/admin/invitations/accept', {
      token: await inviteToken(t, 'counter@kujiya.test'),
      password: 'Staff123!',
    });
    expect(accepted.statusCode).toBe(200);
    staff = bearer((await post(t, '/api/admin/login', { username: 'counter', password: 'Staff123!' })).json().token);
  });
  afterAll(async () => t.close());

  describe('roles', () => {
    it('the environment admin is an owner; the invited one is staff', async () => {
      expect((await as(owner, 'GET', '/api/admin/me')).json()).toMatchObject({ username: 'Owner', role: 'owner' });
      expect((await as(staff, 'GET', '/api/admin/me')).json()).toMatchObject({ username: 'counter', role: 'staff' });
    });

    it('a staff token is refused (403) on every owner-only admin route of the route table, an owner token is not', async () => {
      const staffPrincipal = await t.ctx.tokens.verify(staff.authorization!.slice(7));
      const ownerOnly = t.routeTable.filter((route) => hasAdminGuard(t, route) && !staffMayUse(route.url));
      expect(ownerOnly.map((route) => route.url)).toEqual(
        expect.arrayContaining([
          '/api/admin/token-packages',
          '/api/admin/promo-codes',
          '/api/admin/shoppers/:shopperId',
          '/api/admin/admins',
          '/api/admin/announcements',
        ]),
      );
      const guard = (headers: Record<string, string>, url: string) =>
        t.ctx.guards.requireAdmin({ headers, routeOptions: { url } } as unknown as FastifyRequest, {} as FastifyReply);
      for (const route of ownerOnly) {
        const refused = await guard(staff, route.url).then(
          () => null,
          (error: unknown) => error,
        );
        expect(refused, `${String(route.method)} ${route.url}`).toBeInstanceOf(HttpError);
        expect(refused).toMatchObject({ statusCode: 403, message: shopOpsMessages.ownerOnly });
        await expect(guard(owner, route.url)).resolves.toBeUndefined();
      }
      expect(staffPrincipal?.adminRole).toBe('staff');
      // And through HTTP, with valid input: the answer is the role refusal, nothing is created.
      const res = await as(staff, 'POST', '/api/admin/token-packages', {
        packageName: 'Sneaky',
        tokenAmount: 10,
        price: 100,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: shopOpsMessages.ownerOnly, code: 'OWNER_ONLY' });
      expect((await t.services.tokenShop.adminListPackages()).some((p) => p.packageName === 'Sneaky')).toBe(false);
      expect((await as(staff, 'GET', '/api/admin/shoppers')).statusCode).toBe(403);
    });

    it('disabling an admin ends their sessions at once and refuses their login', async () => {
      await as(owner, 'POST', '/api/admin/admins', { username: 'temp', email: 'temp@kujiya.test', role: 'staff' });
      await post(t, '/api/admin/invitations/accept', {
        token: await inviteToken(t, 'temp@kujiya.test'),
        password: 'Temp1234!',
      });
      const temp = bearer(
        (await post(t, '/api/admin/login', { username: 'temp', password: 'Temp1234!' })).json().token,
      );
      expect((await as(temp, 'GET', '/api/admin/me')).statusCode).toBe(200);
      const { id } = (await as(temp, 'GET', '/api/admin/me')).json();
      expect((await as(owner, 'POST', `/api/admin/admins/${id}/disable`)).json()).toMatchObject({ disabled: true });
      expect((await as(temp, 'GET', '/api/admin/me')).statusCode).toBe(401);
      const login = await post(t, '/api/admin/login', { username: 'temp', password: 'Temp1234!' });
      expect(login.statusCode).toBe(403);
      expect(login.json()).toEqual({ message: shopOpsMessages.accountDisabled, code: 'ACCOUNT_DISABLED' });
    });

    it('an invitation link works once', async () => {
      await as(owner, 'POST', '/api/admin/admins', { username: 'once', email: 'once@kujiya.test', role: 'staff' });
      const token = await inviteToken(t, 'once@kujiya.test');
      expect((await post(t, '/api/admin/invitations/accept', { token, password: 'Once1234!' })).statusCode).toBe(200);
      const again = await post(t, '/api/admin/invitations/accept', { token, password: 'Other123!' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ message: shopOpsMessages.inviteInvalid, code: 'INVITE_INVALID' });
    });

    it('an admin changes their own password: the old one stops working', async () => {
      const res = await as(staff, 'POST', '/api/admin/password', {
        currentPassword: 'Staff123!',
        newPassword: 'Staff456!',
      });
      expect(res.statusCode).toBe(200);
      staff = bearer(res.json().token);
      expect((await post(t, '/api/admin/login', { username: 'counter', password: 'Staff123!' })).statusCode).toBe(401);
      expect((await post(t, '/api/admin/login', { username: 'counter', password: 'Staff456!' })).statusCode).toBe(200);
      const wrong = await as(staff, 'POST', '/api/admin/password', {
        currentPassword: 'nope',
        newPassword: 'Staff789!',
      });
      expect(wrong.json()).toEqual({ message: shopOpsMessages.wrongPassword, code: 'WRONG_PASSWORD' });
    });
  });

  describe('shoppers', () => {
    it("a disabled shopper's existing token stops working at once; login is refused; enabling lets them back in", async () => {
      const shopper = await testShopper(t, 'bob');
      expect((await as(shopper.headers, 'GET', '/api/token/balance')).statusCode).toBe(200);
      const disabled = await as(owner, 'POST', `/api/admin/shoppers/${shopper.user.id}/disable`);
      expect(disabled.json()).toMatchObject({ username: 'bob', disabled: true });
      const after = await as(shopper.headers, 'GET', '/api/token/balance');
      expect(after.statusCode).toBe(403);
      expect(after.json()).toEqual({ message: 'Please login first.', code: 'LOGIN_REQUIRED' });
      await as(owner, 'POST', `/api/admin/shoppers/${shopper.user.id}/enable`);
      // The old session stays ended; a new login would be needed.
      expect((await as(shopper.headers, 'GET', '/api/token/balance')).statusCode).toBe(403);
      const entries = (await as(owner, 'GET', `/api/admin/audit?entityType=shopper&entityId=${shopper.user.id}`)).json()
        .entries;
      expect(entries.map((e: { action: string }) => e.action)).toEqual(['shopper.disable', 'shopper.enable']);
      expect(entries[0]).toMatchObject({ adminName: 'Owner', before: { disabled: false }, after: { disabled: true } });
    });

    it('disabling a shopper cancels their open trades and withdraws their offers: every unit is unlocked, nothing is lost', async () => {
      const ann = await fundedShopper(t, 'trader-ann', 0);
      const bob = await fundedShopper(t, 'trader-bob', 0);
      const cid = await fundedShopper(t, 'trader-cid', 0);
      const annIds = await givePrizes(t, ann, { A: 2 });
      const bobIds = await givePrizes(t, bob, { C: 1 }, null);
      const cidIds = await givePrizes(t, cid, { B: 1 });
      const annAgain = await givePrizes(t, ann, { A: 1 });
      const annFree = await freeByPrize(t, ann.user.id);
      const bobFree = await freeByPrize(t, bob.user.id);
      const annTrade = await createTrade(
        t,
        ann,
        [{ batchId: annIds.A!, quantity: 2 }],
        [await wantedOf(t, bobIds.C!, 1)],
      );
      await makeOffer(t, bob, annTrade, [{ batchId: bobIds.C!, quantity: 1 }]);
      const cidTrade = await createTrade(
        t,
        cid,
        [{ batchId: cidIds.B!, quantity: 1 }],
        [await wantedOf(t, annIds.A!, 1)],
      );
      await makeOffer(t, ann, cidTrade, [{ batchId: annAgain.A!, quantity: 1 }]);

      const res = await as(owner, 'POST', `/api/admin/shoppers/${ann.user.id}/disable`);
      expect(res.statusCode).toBe(200);
      // Ann's units are all free again (none lost), Bob's offered unit too; Cid's own trade goes on.
      expect(await freeByPrize(t, ann.user.id)).toEqual(annFree);
      expect(await freeByPrize(t, bob.user.id)).toEqual(bobFree);
      const active = (await tradeCall(t, cid, 'GET', '/api/trade/user-trades')).json();
      expect(JSON.stringify(active)).toContain(cidTrade);
      const audit = (await as(owner, 'GET', `/api/admin/audit?entityType=shopper&entityId=${ann.user.id}`)).json()
        .entries;
      expect(audit[0].after).toMatchObject({ disabled: true, tradesCancelled: 1, offersWithdrawn: 1 });
      const page = (await as(owner, 'GET', `/api/admin/shoppers/${ann.user.id}`)).json();
      expect(page.trades).toEqual([expect.objectContaining({ _id: annTrade, status: 'cancelled' })]);
    });

    it('adjusts tokens with a reason (ledger row + audit entry) and refuses to go below zero', async () => {
      const shopper = await testShopper(t, 'carol');
      const url = `/api/admin/shoppers/${shopper.user.id}/tokens`;
      const plus = await as(owner, 'POST', url, { delta: 50, reason: 'Goodwill for a late parcel' });
      expect(plus.json()).toEqual({ balance: 50 });
      const minus = await as(owner, 'POST', url, { delta: -20, reason: 'Correction' });
      expect(minus.json()).toEqual({ balance: 30 });
      const below = await as(owner, 'POST', url, { delta: -31, reason: 'Too much' });
      expect(below.statusCode).toBe(400);
      expect(below.json()).toEqual({ message: shopOpsMessages.adjustBelowZero, code: 'VALIDATION_FAILED' });
      expect(await t.services.wallet.balance(t.ctx.db, shopper.user.id)).toBe(30);
      const ledger = await t.services.wallet.ledger(shopper.user.id);
      expect(ledger.map((row) => [row.delta, row.reason])).toEqual([
        [50, 'adjustment'],
        [-20, 'adjustment'],
      ]);
      const noReason = await as(owner, 'POST', url, { delta: 5, reason: '  ' });
      expect(noReason.statusCode).toBe(400);
      const audit = (await as(owner, 'GET', `/api/admin/audit?entityType=shopper&entityId=${shopper.user.id}`)).json()
        .entries;
      expect(audit.map((e: { after: { delta: number; reason: string } }) => [e.after.delta, e.after.reason])).toEqual([
        [50, 'Goodwill for a late parcel'],
        [-20, 'Correction'],
      ]);
    });

    it('searches by username or e-mail and shows a shopper page', async () => {
      const shopper = await testShopper(t, 'searchable-dave');
      const found = (await as(owner, 'GET', '/api/admin/shoppers?q=SEARCHABLE')).json();
      expect(found.shoppers.map((s: { username: string }) => s.username)).toEqual(['searchable-dave']);
      const byMail = (await as(owner, 'GET', `/api/admin/shoppers?q=${shopper.user.id.slice(0, 8)}`)).json();
      expect(byMail.total).toBe(1);
      const page = await as(owner, 'GET', `/api/admin/shoppers/${shopper.user.id}`);
      expect(page.statusCode).toBe(200);
      expect(page.json()).toMatchObject({
        profile: { username: 'searchable-dave' },
        balance: 0,
        orders: [],
        inventory: [],
        trades: [],
      });
    });
  });

  describe('token packages', () => {
    it('an open payment intent keeps its price when the package price changes; the shop shows active packages only', async () => {
      const created = await as(owner, 'POST', '/api/admin/token-packages', {
        packageName: 'Starter',
        tokenAmount: 100,
        price: 1000,
        originalPrice: 1200,
        promoBanner: 'Launch offer',
      });
      expect(created.statusCode).toBe(201);
      const pkg = created.json();
      const shopper = await testShopper(t, 'erin');
      const { clientSecret, paymentIntentId } = await startTokenPurchase(t, shopper, pkg.id);
      const edited = await as(owner, 'PUT', `/api/admin/token-packages/${pkg.id}`, {
        packageName: 'Starter',
        tokenAmount: 100,
        price: 1500,
      });
      expect(edited.json()).toMatchObject({ price: 1500, originalPrice: null });
      expect((await t.services.payments.getIntent(t.ctx.db, paymentIntentId))?.amount).toBe(1000);
      expect((await confirmWithCard(t, clientSecret)).statusCode).toBe(200);
      expect((await t.services.tokenShop.getPurchase(paymentIntentId))?.price).toBe(1000);
      expect(await t.services.wallet.balance(t.ctx.db, shopper.user.id)).toBe(100);

      const shop = (await t.app.inject({ method: 'GET', url: '/api/token/packages' })).json().tokenPackages;
      expect(shop.find((p: { _id: string }) => p._id === pkg.id)).toMatchObject({ price: 1500 });
      await as(owner, 'PUT', `/api/admin/token-packages/${pkg.id}`, {
        packageName: 'Starter',
        tokenAmount: 100,
        price: 1500,
        active: false,
      });
      const after = (await t.app.inject({ method: 'GET', url: '/api/token/packages' })).json().tokenPackages;
      expect(after.some((p: { _id: string }) => p._id === pkg.id)).toBe(false);
      const audit = (await as(owner, 'GET', `/api/admin/audit?entityType=token_package&entityId=${pkg.id}`)).json()
        .entries;
      expect(audit.map((e: { action: string }) => e.action)).toEqual([
        'token_package.create',
        'token_package.update',
        'token_package.update',
      ]);
      expect(audit[1]).toMatchObject({ before: { price: 1000 }, after: { price: 1500 } });
    });

    it('refuses an original price not above the price', async () => {
      const res = await as(owner, 'POST', '/api/admin/token-packages', {
        packageName: 'Odd',
        tokenAmount: 10,
        price: 500,
        originalPrice: 400,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Original price must be higher than the price',
        code: 'VALIDATION_FAILED',
      });
    });
  });

  describe('promo codes', () => {
    let packageId: string;
    const window = (fromDays: number, toDays: number) => ({
      validFrom: new Date(clock.now().getTime() + fromDays * DAY).toISOString(),
      validTo: new Date(clock.now().getTime() + toDays * DAY).toISOString(),
    });
    const apply = (shopper: Awaited<ReturnType<typeof testShopper>>, paymentIntentId: string, promoCode: string) =>
      as(shopper.headers, 'POST', '/api/promocode/apply', {
        promoCode,
        packageId,
        username: shopper.user.username,
        paymentIntentId,
      });

    beforeAll(async () => {
      packageId = (
        await as(owner, 'POST', '/api/admin/token-packages', {
          packageName: 'Promo pack',
          tokenAmount: 200,
          price: 2000,
        })
      ).json().id;
    });

    it('codes are case-insensitive and unique', async () => {
      expect(
        (
          await as(owner, 'POST', '/api/admin/promo-codes', {
            code: 'Spring',
            extraTokensPercentage: 10,
            ...window(-1, 10),
          })
        ).json(),
      ).toMatchObject({ code: 'SPRING' });
      const dup = await as(owner, 'POST', '/api/admin/promo-codes', {
        code: 'sPRING',
        extraTokensPercentage: 10,
        ...window(-1, 10),
      });
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toEqual({ message: shopOpsMessages.promoCodeTaken, code: 'PROMO_CODE_TAKEN' });
    });

    it('refuses a code past its window, before it, inactive, or at its limit, with a clear message', async () => {
      await as(owner, 'POST', '/api/admin/promo-codes', {
        code: 'GONE',
        extraTokensPercentage: 10,
        ...window(-10, -1),
      });
      await as(owner, 'POST', '/api/admin/promo-codes', { code: 'LATER', extraTokensPercentage: 10, ...window(1, 10) });
      await as(owner, 'POST', '/api/admin/promo-codes', {
        code: 'PAUSED',
        extraTokensPercentage: 10,
        active: false,
        ...window(-1, 10),
      });
      const limited = (
        await as(owner, 'POST', '/api/admin/promo-codes', {
          code: 'ONLYONE',
          extraTokensPercentage: 10,
          maxUses: 1,
          ...window(-1, 10),
        })
      ).json();
      const shopper = await testShopper(t, 'frank');
      const { paymentIntentId } = await startTokenPurchase(t, shopper, packageId);
      for (const [code, message] of [
        ['GONE', 'This promo code has expired.'],
        ['later', 'This promo code is not active yet.'],
        ['PAUSED', shopOpsMessages.promoInactive],
      ] as const) {
        const res = await apply(shopper, paymentIntentId, code);
        expect(res.statusCode, code).toBe(400);
        expect(res.json()).toEqual({ message, code: 'PROMO_CODE_UNAVAILABLE' });
      }
      const first = await testShopper(t, 'gina');
      const paid = await startTokenPurchase(t, first, packageId);
      expect((await apply(first, paid.paymentIntentId, 'onlyone')).statusCode).toBe(200);
      expect((await confirmWithCard(t, paid.clientSecret)).statusCode).toBe(200);
      const full = await apply(shopper, paymentIntentId, 'ONLYONE');
      expect(full.statusCode).toBe(400);
      expect(full.json()).toEqual({
        message: 'This promo code has reached its usage limit.',
        code: 'PROMO_CODE_UNAVAILABLE',
      });
      const uses = (await as(owner, 'GET', `/api/admin/promo-codes/${limited.id}/uses`)).json();
      expect(uses.promoCode.usesCount).toBe(1);
      expect(uses.uses).toEqual([
        expect.objectContaining({ username: 'gina', paymentIntentId: paid.paymentIntentId, status: 'redeemed' }),
      ]);
    });

    it('once-per-shopper holds under two concurrent applies: one bonus in the end', async () => {
      await as(owner, 'POST', '/api/admin/promo-codes', { code: 'ONCE', extraTokensPercentage: 50, ...window(-1, 10) });
      const shopper = await testShopper(t, 'hank');
      const a = await startTokenPurchase(t, shopper, packageId);
      const b = await startTokenPurchase(t, shopper, packageId);
      const results = await Promise.all([
        apply(shopper, a.paymentIntentId, 'ONCE'),
        apply(shopper, b.paymentIntentId, 'once'),
      ]);
      expect(results.some((res) => res.statusCode === 200)).toBe(true);
      await confirmWithCard(t, a.clientSecret);
      await confirmWithCard(t, b.clientSecret);
      const lots = (await t.services.wallet.lots(shopper.user.id)).active;
      expect(lots.filter((lot) => lot.source === 'bonus').map((lot) => lot.amount)).toEqual([100]);
      expect(await t.services.wallet.balance(t.ctx.db, shopper.user.id)).toBe(500);
    });

    it('a code that is not once-per-shopper can be used on several payments of one shopper', async () => {
      await as(owner, 'POST', '/api/admin/promo-codes', {
        code: 'EVERY',
        extraTokensPercentage: 10,
        oncePerShopper: false,
        ...window(-1, 10),
      });
      const shopper = await testShopper(t, 'ivy');
      for (let i = 0; i < 2; i++) {
        const p = await startTokenPurchase(t, shopper, packageId);
        expect((await apply(shopper, p.paymentIntentId, 'EVERY')).statusCode).toBe(200);
        await confirmWithCard(t, p.clientSecret);
      }
      expect(await t.services.wallet.balance(t.ctx.db, shopper.user.id)).toBe(440);
    });
  });

  describe('announcements', () => {
    it('shows an announcement only inside its window, and not when switched off', async () => {
      const created = await as(owner, 'POST', '/api/admin/announcements', {
        text: 'Parcels are delayed this week.',
        severity: 'warning',
        startsAt: new Date(clock.now().getTime() + DAY).toISOString(),
        endsAt: new Date(clock.now().getTime() + 3 * DAY).toISOString(),
      });
      expect(created.statusCode).toBe(201);
      const current = async () =>
        (await t.app.inject({ method: 'GET', url: '/api/announcements' })).json().announcements;
      expect(await current()).toEqual([]);
      clock.advance(2 * DAY);
      expect((await current()).map((a: { text: string }) => a.text)).toEqual(['Parcels are delayed this week.']);
      const a = created.json();
      // Two days on, the owner's 8-hour session is over: log in again.
      owner = bearer((await post(t, '/api/admin/login', OWNER)).json().token);
      const off = await as(owner, 'PUT', `/api/admin/announcements/${a.id}`, {
        text: a.text,
        severity: a.severity,
        startsAt: a.startsAt,
        endsAt: a.endsAt,
        active: false,
      });
      expect(off.json()).toMatchObject({ active: false });
      expect(await current()).toEqual([]);
      clock.advance(-2 * DAY);
    });
  });
});

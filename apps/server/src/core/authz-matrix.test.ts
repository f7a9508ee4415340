import type { RouteOptions } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { TokenService } from './auth.ts';
import { createTestProduct } from '../modules/catalogue/test-helpers.ts';
import { fundedShopper, useTokens, type Shopper } from '../modules/orders/test-helpers.ts';
import { startTokenPurchase, testPackage } from '../modules/token-shop/test-helpers.ts';

/**
 * Every authenticated route (found in the route table by its guard: requireUser or requireAdmin)
 * × every caller who must not get in: anonymous, tampered, expired, unsigned and foreign-key tokens,
 * another shopper on the owner's resources, a shopper on admin routes, an admin on shopper routes.
 * A leak is a 2xx where the caller must be refused, or an answer holding the owner's private data.
 */
const JWT_SECRET = 'test-secret-test-secret-test-secret-0123';

type Caller = { name: string; authorization?: string };

function handlersOf(hook: unknown): unknown[] {
  if (!hook) return [];
  return Array.isArray(hook) ? hook : [hook];
}

function guardOf(route: RouteOptions, t: TestApp): 'user' | 'admin' | null {
  const hooks = [route.onRequest, route.preParsing, route.preValidation, route.preHandler];
  const handlers = hooks.flatMap(handlersOf);
  if (handlers.includes(t.ctx.guards.requireAdmin as never)) return 'admin';
  if (handlers.includes(t.ctx.guards.requireUser as never)) return 'user';
  return null;
}

describe('authorization matrix over the route table', () => {
  let t: TestApp;
  let owner: Shopper;
  let other: Shopper;
  let adminToken: string;
  const markers: string[] = [];
  const params: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    owner = await fundedShopper(t, 'owner', 1000);
    other = await fundedShopper(t, 'intruder', 1000);
    const { setId, productId } = await createTestProduct(t);
    const order = await useTokens(t, owner, { setId, ticketsBought: 1 });
    expect(order.statusCode, order.body).toBe(200);
    const orderId = order.json().orderId as string;
    const pkg = await testPackage(t);
    const { paymentIntentId } = await startTokenPurchase(t, owner, pkg._id);
    const ownerAccount = (await t.services.accounts.getAccount(t.ctx.db, owner.user.id))!;
    markers.push(ownerAccount.email, orderId, paymentIntentId);
    Object.assign(params, { orderId, paymentIntentId, username: 'owner', setId, productId, id: orderId });
    await t.services.accounts.ensureAdmin('matrixadmin', 'Matrix-Admin-1!');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'matrixadmin', password: 'Matrix-Admin-1!' },
    });
    adminToken = login.json().token;
  });
  afterAll(async () => t.close());

  async function badTokens(): Promise<Caller[]> {
    const ownerToken = owner.headers.authorization.slice('Bearer '.length);
    const [head, payload, signature] = ownerToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
    const past = new TokenService(
      JWT_SECRET,
      () => new Date(Date.now() - 30 * 24 * 3600 * 1000),
      async () => ({ tokenVersion: 0 }),
    );
    const expired = (await past.sign({ ...owner.user, tokenVersion: 0 })).token;
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    const foreignKey = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-another-1'));
    return [
      { name: 'anonymous' },
      { name: 'tampered signature', authorization: `Bearer ${head}.${payload}.${signature!.slice(0, -4)}AAAA` },
      { name: 'forged role', authorization: `Bearer ${head}.${forged}.${signature}` },
      { name: 'expired', authorization: `Bearer ${expired}` },
      { name: 'alg none', authorization: `Bearer ${unsigned}` },
      { name: 'foreign key', authorization: `Bearer ${foreignKey}` },
      { name: 'garbage', authorization: 'Bearer x.y.z' },
      { name: 'basic scheme', authorization: owner.headers.authorization.replace('Bearer', 'Basic') },
    ];
  }

  it('every guard runs on onRequest, before the body is parsed (docs/architecture.md, "Conventions")', () => {
    const { requireUser, requireAdmin, optionalUser } = t.ctx.guards;
    const guards: unknown[] = [requireUser, requireAdmin, optionalUser];
    const misplaced: string[] = [];
    let onRequest = 0;
    for (const route of t.routeTable) {
      for (const hook of ['preParsing', 'preValidation', 'preHandler'] as const) {
        if (handlersOf(route[hook]).some((handler) => guards.includes(handler)))
          misplaced.push(`${String(route.method)} ${route.url} (${hook})`);
      }
      if (handlersOf(route.onRequest).some((handler) => guards.includes(handler))) onRequest++;
    }
    expect(onRequest).toBeGreaterThan(10);
    expect(misplaced, misplaced.join('\n')).toEqual([]);
  });

  it('0 leaks', { timeout: 120_000 }, async () => {
    const routes = t.routeTable.filter((r) => r.url.startsWith('/api/'));
    const guarded = routes.map((route) => ({ route, guard: guardOf(route, t) })).filter((r) => r.guard !== null);
    expect(guarded.length).toBeGreaterThan(10);
    const refusedCallers = await badTokens();
    const leaks: string[] = [];
    let cells = 0;
    for (const { route, guard } of guarded) {
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
      const url = route.url.replace(
        /:([A-Za-z0-9_]+)/g,
        (_, name: string) => params[name] ?? '00000000-0000-0000-0000-000000000000',
      );
      const callers: { caller: Caller; mustRefuse: boolean }[] = [
        ...refusedCallers.map((caller) => ({ caller, mustRefuse: true })),
        guard === 'admin'
          ? { caller: { name: 'shopper on admin route', authorization: owner.headers.authorization }, mustRefuse: true }
          : { caller: { name: 'admin on shopper route', authorization: `Bearer ${adminToken}` }, mustRefuse: true },
      ];
      // Another shopper on the owner's resources: may get an answer about themselves, never the owner's data.
      if (guard === 'user')
        callers.push({
          caller: { name: 'another shopper', authorization: other.headers.authorization },
          mustRefuse: false,
        });
      for (const method of methods) {
        for (const { caller, mustRefuse } of callers) {
          cells++;
          const res = await t.app.inject({
            method: method as 'GET',
            url,
            headers: caller.authorization ? { authorization: caller.authorization } : {},
            ...(method === 'GET'
              ? {}
              : {
                  payload: {
                    username: 'owner',
                    orderId: params.orderId,
                    paymentIntentId: params.paymentIntentId,
                    setId: params.setId,
                  },
                }),
          });
          const where = `${method} ${route.url} as ${caller.name}: ${res.statusCode}`;
          if (res.statusCode >= 500) leaks.push(`${where} (server error)`);
          if (mustRefuse && res.statusCode < 400) leaks.push(`${where} (not refused)`);
          if (mustRefuse && res.statusCode !== 401 && res.statusCode !== 403 && res.statusCode !== 429)
            leaks.push(`${where} (refused with the wrong status)`);
          const leaked = markers.filter((marker) => res.body.includes(marker));
          if (res.statusCode < 300 && leaked.length > 0)
            leaks.push(`${where} (answer holds the owner's ${leaked.join(', ')})`);
        }
      }
    }
    // The control: the owner does see their own data through the same routes.
    const own = await t.app.inject({ method: 'GET', url: '/api/users/details/owner', headers: owner.headers });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain(markers[0]);
    console.log(`authz matrix: ${cells} cells over ${guarded.length} authenticated routes, ${leaks.length} leaks`);
    expect(leaks, leaks.join('\n')).toEqual([]);
  });
});

import crypto from 'node:crypto';
import type { RouteOptions } from 'fastify';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { PER_SOURCE_CONNECTIONS } from '../../../../scripts/cluster-haproxy.mjs';
import { addressLimitsOf, type AddressLimit } from '../core/address-limits.ts';
import { insertTestAdmin, insertTestShopper } from '../modules/accounts/test-helpers.ts';
import { clusterCanRun, useCluster } from './cluster.ts';
import { callFrom, openSocketFrom, ownInterfaceAddress, slowloris, type Answer } from './edge-clients.ts';
import type { TestApp } from './test-app.ts';

/**
 * The edge (docs/rules/security.md, "Client addresses behind a proxy"; docs/operations.md, "The
 * cluster on this machine"): two instances behind the runner's haproxy, called from this machine's
 * own interface address, so to the shop the caller is another machine. A client-written
 * X-Forwarded-For neither reads the dev outbox nor buys extra attempts on any per-address limit,
 * and a slowloris does not stall haproxy for everyone else.
 */
const ownAddress = ownInterfaceAddress();
// The rate-limit counters of this file live in a Redis database of their own, emptied first, so a
// rerun within a limit's window starts from fresh budgets (the other files use 0 and 8-15).
const redisUrl = (() => {
  if (!process.env.TEST_REDIS_URL) return undefined;
  const url = new URL(process.env.TEST_REDIS_URL);
  url.pathname = '/7';
  return url.toString();
})();
const LIVE_SOCKETS_PER_ADDRESS = 3;

/** A different spoofed X-Forwarded-For on every call, loopback among them. */
const spoofed = (i: number) => (i % 5 === 0 ? '127.0.0.1' : `198.18.${(i >> 8) & 255}.${i & 255}, 10.${i & 255}.0.1`);

describe.runIf(clusterCanRun && Boolean(ownAddress && redisUrl))(
  'the edge behind haproxy (client addresses, slow clients)',
  () => {
    const from = ownAddress!;
    const shop = useCluster(2, {
      bind: from,
      env: { REDIS_URL: redisUrl!, LIVE_MAX_SOCKETS_PER_IP: String(LIVE_SOCKETS_PER_ADDRESS) },
    });
    const run = crypto.randomBytes(3).toString('hex');
    const call = (path: string, options: Parameters<typeof callFrom>[2] = {}) =>
      callFrom(from, `${shop.cluster.url}${path}`, options);

    it('empties its own Redis database first (fresh budgets on a rerun)', async () => {
      const redis = new Redis(redisUrl!, { lazyConnect: true });
      await redis.connect();
      await redis.flushdb();
      await redis.quit();
    });

    it('the dev outbox answers 404 to another machine, with or without X-Forwarded-For: 127.0.0.1', async () => {
      const { t } = shop;
      const email = `victim-${run}@example.com`;
      // The reset link the probe read back (the mail is queued as forgot-password queues it).
      await t.services.mail.send({ to: email, subject: 'Reset your password', text: 'link', html: '<p>link</p>' });
      expect((await call('/api/users/forgot-password', { method: 'POST', body: { email } })).status).toBe(200);
      const answers: Record<string, number> = {};
      const spoofs: Array<Record<string, string>> = [
        {},
        { 'x-forwarded-for': '127.0.0.1' },
        { 'x-forwarded-for': '::1, 127.0.0.1' },
      ];
      for (const headers of spoofs) {
        for (const path of [`/api/dev/outbox/latest?to=${email}`, `/api/dev/outbox?to=${email}`]) {
          const answer = await call(path, { headers });
          answers[`${path} ${JSON.stringify(headers)}`] = answer.status;
          expect(answer.body).not.toContain(email);
        }
      }
      expect(
        Object.values(answers).every((status) => status === 404),
        JSON.stringify(answers),
      ).toBe(true);
    });

    it('a login guessed from rotating addresses waits after 5 wrong tries, as from one address', async () => {
      const username = `edge${run}guess`;
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const answer = await call('/api/users/login', {
          method: 'POST',
          headers: { 'x-forwarded-for': spoofed(i + 1) },
          body: { username, password: `wrong-${i}` },
        });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    });

    it('every per-address limit of the route table holds against spoofed and rotating X-Forwarded-For', async () => {
      const { t } = shop;
      const cases = await limitCases(t, run);
      const limited = limitedRoutes(t.routeTable);
      expect(limited.length).toBeGreaterThan(10);
      const missing = limited.filter(({ key }) => !cases[key]).map(({ key }) => key);
      expect(missing, 'a per-address limit without a case here').toEqual([]);
      const figures: Record<string, string> = {};
      const exhausted = new Set<string>();
      for (const { key, limit } of limited) {
        const request = cases[key]!;
        // Routes sharing a counter share its budget: once it is spent, they refuse at once.
        const budget = exhausted.has(limit.name) ? 0 : limit.max;
        const answers = await spendBudget(budget, (i) => call(request.path(i), request.options(i)));
        const over = answers.filter((answer) => answer.status === 429).length;
        figures[key] = `${answers.length - over} of ${answers.length} answered (limit ${limit.max})`;
        expect(
          answers.some((answer) => answer.status >= 500),
          `${key}: ${answers.at(-1)?.body}`,
        ).toBe(false);
        expect(answers.length - over, `${key} answered past its limit`).toBeLessThanOrEqual(budget);
        expect(over, `${key} was never refused`).toBeGreaterThan(0);
        exhausted.add(limit.name);
      }
      console.log(JSON.stringify({ perAddressLimits: figures }));
    });

    it('live sockets per address hold against rotating X-Forwarded-For (each instance counts its own)', async () => {
      const outcomes = [];
      for (let i = 0; i < 12; i++) {
        outcomes.push(await openSocketFrom(from, shop.cluster.url, { 'x-forwarded-for': spoofed(i) }));
      }
      const open = outcomes.filter((outcome) => outcome.socket);
      const refused = outcomes.filter((outcome) => outcome.refusedWith === 429);
      for (const outcome of open) outcome.socket!.close();
      console.log(
        JSON.stringify({ liveSockets: { tried: outcomes.length, open: open.length, refused: refused.length } }),
      );
      expect(open.length).toBeLessThanOrEqual(LIVE_SOCKETS_PER_ADDRESS * shop.cluster.instances.length);
      expect(open.length + refused.length).toBe(outcomes.length);
    });

    it('a slowloris from one address is cut at timeout http-request; everyone else is answered within 2 s', async () => {
      const slowCount = PER_SOURCE_CONNECTIONS + 100;
      const started = performance.now();
      const attack = await slowloris('127.0.0.1', shop.cluster.url, slowCount, 2000);
      const normal: Answer[] = [];
      // Normal calls from another address until haproxy has ended every slow connection (at most 60 s).
      const deadline = performance.now() + 60_000;
      while (performance.now() < deadline && !attack.clients.every((client) => client.closed)) {
        normal.push(await call('/healthz'), await call('/api/ichiban-kuji-products'));
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const stillOpen = attack.clients.filter((client) => !client.closed).length;
      attack.stop();
      const refused = attack.clients.filter((client) => client.refused);
      const held = attack.clients.filter((client) => !client.refused).map((client) => client.heldMs!);
      const slowest = Math.max(...normal.map((answer) => answer.ms));
      console.log(
        JSON.stringify({
          slowloris: {
            connections: slowCount,
            refusedAtOnce: refused.length,
            held: held.length,
            heldMs: { min: Math.round(Math.min(...held)), max: Math.round(Math.max(...held)) },
            normalRequests: normal.length,
            slowestNormalMs: Math.round(slowest),
            stillOpenAfter60s: stillOpen,
            allCutAfterMs: Math.round(performance.now() - started),
          },
        }),
      );
      expect(normal.every((answer) => answer.status === 200)).toBe(true);
      expect(normal.length).toBeGreaterThanOrEqual(10);
      expect(slowest).toBeLessThan(2000);
      // haproxy refuses one source's connections past its cap, and cuts the others at 10 s (timeout
      // http-request) although each sent a line every 2 s; 30 s of headroom for a loaded machine.
      expect(stillOpen).toBe(0);
      expect(refused.length).toBeGreaterThanOrEqual(50);
      expect(held.length).toBeLessThanOrEqual(PER_SOURCE_CONNECTIONS + 1);
      expect(Math.min(...held)).toBeGreaterThan(9000);
      expect(Math.max(...held)).toBeLessThan(30_000);
      expect(attack.clients.filter((client) => !client.refused).every((c) => c.answer.startsWith('HTTP/1.1 408'))).toBe(
        true,
      );
    });
  },
);

/** Calls `send(0)`, `send(1)` … 8 at a time until one is refused with 429 (at most budget + 8 calls). */
async function spendBudget(budget: number, send: (i: number) => Promise<Answer>): Promise<Answer[]> {
  const answers: Answer[] = [];
  while (answers.length <= budget + 8 && !answers.some((answer) => answer.status === 429)) {
    const batch = Array.from({ length: 8 }, (_, k) => send(answers.length + k));
    answers.push(...(await Promise.all(batch)));
  }
  return answers;
}

/** Every route whose preHandler counts per client address, with its limit, in route-table order. */
function limitedRoutes(routes: RouteOptions[]): Array<{ key: string; limit: AddressLimit }> {
  return routes.flatMap((route) =>
    addressLimitsOf(route).flatMap((limit) =>
      [route.method]
        .flat()
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ key: `${method} ${route.url}`, limit })),
    ),
  );
}

interface LimitCase {
  path: (i: number) => string;
  options: (i: number) => Parameters<typeof callFrom>[2];
}

/**
 * A well-formed call of each per-address limited route, the i-th with its own spoofed address and,
 * where the route also counts per account, its own account (so only the address budget can refuse).
 */
async function limitCases(t: TestApp, run: string): Promise<Record<string, LimitCase>> {
  const admins = await Promise.all(
    Array.from({ length: 8 }, async (_, n) => {
      const username = `edge${run}adm${n}`;
      const id = await insertTestAdmin(t, { username, password: 'Secret1!', role: 'owner' });
      return `Bearer ${(await t.ctx.tokens.sign({ id, username, role: 'admin', adminRole: 'owner', tokenVersion: 0 })).token}`;
    }),
  );
  const shoppers = await Promise.all(
    Array.from({ length: 30 }, async (_, n) => {
      const user = await insertTestShopper(t, `edge${run}s${n}`);
      return `Bearer ${(await t.ctx.tokens.sign(user)).token}`;
    }),
  );
  const email = (i: number) => `edge-${run}-${i}@example.com`;
  const post = (body: (i: number) => unknown, authorization?: (i: number) => string) => (i: number) => ({
    method: 'POST',
    headers: { 'x-forwarded-for': spoofed(i), ...(authorization ? { authorization: authorization(i) } : {}) },
    body: body(i),
  });
  const at = (path: string) => () => path;
  // Fewer than the per-account limits (10 per admin, 5 wrong passwords per shopper) on each account.
  const admin = (i: number) => admins[Math.floor(i / 9) % admins.length]!;
  const shopper = (i: number) => shoppers[Math.floor(i / 4) % shoppers.length]!;
  const passkey = {
    id: 'AAAA',
    rawId: 'AAAA',
    type: 'public-key',
    response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
  };
  return {
    'POST /api/users/check-email': { path: at('/api/users/check-email'), options: post((i) => ({ email: email(i) })) },
    'POST /api/verification/create': {
      path: at('/api/verification/create'),
      options: post((i) => ({ email: email(i) })),
    },
    'POST /api/verification/verify': {
      path: at('/api/verification/verify'),
      options: post((i) => ({ email: email(i), code: '000000' })),
    },
    'POST /api/users/create': {
      path: at('/api/users/create'),
      options: post((i) => ({ username: `edge${run}new${i}`, email: email(i), password: 'Secret1!' })),
    },
    'POST /api/users/login': {
      path: at('/api/users/login'),
      options: post((i) => ({ username: `edge${run}nobody${i}`, password: 'wrong' })),
    },
    'POST /api/users/forgot-password': {
      path: at('/api/users/forgot-password'),
      options: post((i) => ({ email: email(i) })),
    },
    'POST /api/users/reset-password/:token': {
      path: (i) => `/api/users/reset-password/edge-${run}-${i}-not-a-token`,
      options: post(() => ({ password: 'Secret1!' })),
    },
    'POST /api/users/change-password': {
      path: at('/api/users/change-password'),
      options: post((i) => ({ email: email(i), resetToken: 'not-a-token', password: 'Secret1!' })),
    },
    'POST /api/users/delete-account': {
      path: at('/api/users/delete-account'),
      options: post(() => ({ password: 'wrong' }), shopper),
    },
    'POST /api/admin/login': {
      path: at('/api/admin/login'),
      options: post((i) => ({ username: `edge${run}nobody${i}`, password: 'wrong' })),
    },
    'POST /api/admin/password': {
      path: at('/api/admin/password'),
      options: post(
        () => ({ currentPassword: 'wrong', newPassword: 'Secret2!' }),
        () => admins[0]!,
      ),
    },
    'POST /api/admin/invitations/accept': {
      path: at('/api/admin/invitations/accept'),
      options: post((i) => ({ token: `edge-${run}-${i}-not-an-invitation`, password: 'Secret1!' })),
    },
    'POST /api/admin/2fa/enable': {
      path: at('/api/admin/2fa/enable'),
      options: post(() => ({ code: '000000' }), admin),
    },
    'POST /api/admin/2fa/disable': {
      path: at('/api/admin/2fa/disable'),
      options: post(() => ({ code: '000000' }), admin),
    },
    'POST /api/admin/2fa/passkeys': {
      path: at('/api/admin/2fa/passkeys'),
      options: post(() => ({ response: passkey }), admin),
    },
    'POST /api/admin/2fa/passkey/login-options': {
      path: at('/api/admin/2fa/passkey/login-options'),
      options: post((i) => ({ username: `edge${run}nobody${i}` })),
    },
    'POST /api/analytics/event': { path: at('/api/analytics/event'), options: post(() => ({ name: 'View Product' })) },
  };
}

import type { RouteOptions } from 'fastify';
import type { ZodType } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_MESSAGE } from '@kujiya/shared';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { insertTestShopper } from '../modules/accounts/test-helpers.ts';
import { declaredFields } from './input-hardening.ts';

/**
 * Look-alike and invisible characters (docs/rules/security.md, "Input hardening"): every field that
 * takes an e-mail address, and every text field of the back office, walked from the route table as
 * the fuzz suite does (core/fuzz.test.ts), so a new route is covered without being listed here.
 */

const LOOKALIKE_EMAILS = [
  'd\u0435mo@kujiya.sg', // Cyrillic е
  'demo@kujiy\u0430.sg', // Cyrillic а
  'demo\u200b@kujiya.sg', // zero-width space
  '\u202edemo@kujiya.sg', // right-to-left override
];

type Part = 'body' | 'querystring' | 'params';
const PARTS: Part[] = ['body', 'querystring', 'params'];

const shapeOf = declaredFields;
const methodsOf = (route: RouteOptions) =>
  (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
const apiRoutes = (t: TestApp) =>
  t.routeTable.filter((r) => r.url.startsWith('/api/') && !(r as { websocket?: boolean }).websocket);

/** Plausible values for the other fields of a body, so the field under test is what decides. */
const PLAUSIBLE: Record<string, unknown> = {
  password: 'Secret1!',
  code: '123456',
  process: 'signup',
  resetToken: 'x'.repeat(40),
  username: 'lookalike',
  role: 'staff',
};

interface Field {
  method: string;
  url: string;
  part: Part;
  name: string;
}

/** The request that puts `value` into one field (the rest of a body plausible). */
function requestFor(field: Field, value: string, shape: Record<string, ZodType>) {
  if (field.part === 'params')
    return { url: field.url.replace(`:${field.name}`, encodeURIComponent(value)).replace(/:[A-Za-z0-9_]+/g, 'x') };
  const url = field.url.replace(/:[A-Za-z0-9_]+/g, 'x');
  if (field.part === 'querystring') return { url: `${url}?${new URLSearchParams({ [field.name]: value })}` };
  const others = Object.fromEntries(
    Object.keys(shape)
      .filter((k) => k in PLAUSIBLE)
      .map((k) => [k, PLAUSIBLE[k]]),
  );
  return { url, payload: { ...others, [field.name]: value } };
}

describe('unsafe text at every place it is taken', () => {
  let t: TestApp;
  let shopper: string;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp();
    shopper = `Bearer ${(await t.ctx.tokens.sign(await insertTestShopper(t, 'lookalike'))).token}`;
    await t.services.accounts.ensureAdmin('textowner', 'Text-Owner-1!');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'textowner', password: 'Text-Owner-1!' },
    });
    owner = `Bearer ${login.json().token}`;
  });
  afterAll(async () => t.close());

  const authFor = (url: string) => ({ authorization: url.startsWith('/api/admin/') ? owner : shopper });
  let n = 0;
  const send = (method: string, request: { url: string; payload?: object }) =>
    t.app.inject({
      method: method as 'POST',
      ...request,
      headers: authFor(request.url),
      remoteAddress: `10.9.${(++n >> 8) & 255}.${n & 255}`,
    });

  it('every e-mail field refuses look-alike, invisible and direction characters with the e-mail message', async () => {
    // A field takes an e-mail when its name says so, or (login) its rule reads it as one when it holds an @.
    const fields: (Field & { shape: Record<string, ZodType> })[] = [];
    for (const route of apiRoutes(t)) {
      for (const part of PARTS) {
        const shape = shapeOf(route.schema?.[part]);
        for (const name of Object.keys(shape)) {
          const readsEmail = /email/i.test(name) || shape[name]!.safeParse('Demo@Kujiya.SG').data === 'demo@kujiya.sg';
          if (readsEmail)
            for (const method of methodsOf(route)) fields.push({ method, url: route.url, part, name, shape });
        }
      }
    }
    const listed = fields.map((f) => `${f.method} ${f.url} ${f.name}`);
    for (const expected of [
      'POST /api/verification/create email',
      'POST /api/verification/verify email',
      'POST /api/users/check-email email',
      'POST /api/users/create email',
      'POST /api/users/login username',
      'POST /api/users/forgot-password email',
      'POST /api/users/change-password email',
      'POST /api/admin/admins email',
      'GET /api/admin/inventory/:usernameOrEmail usernameOrEmail',
    ]) {
      expect(listed).toContain(expected);
    }
    const accepted: string[] = [];
    for (const field of fields) {
      for (const email of LOOKALIKE_EMAILS) {
        const res = await send(field.method, requestFor(field, email, field.shape));
        if (res.statusCode !== 400 || !/^Please enter a valid email/.test(res.json().message)) {
          accepted.push(
            `${field.method} ${field.url} ${field.name}=${JSON.stringify(email)} -> ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(accepted, accepted.join('\n')).toEqual([]);
    // Nothing was mailed to any of them, and check-email did not call one free.
    expect(await t.services.mail.listOutbox({ limit: 200 })).toEqual([]);
  });

  it("the shop's e-mail message, on sign-up", async () => {
    for (const email of LOOKALIKE_EMAILS) {
      const res = await send('POST', { url: '/api/verification/create', payload: { email } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(EMAIL_MESSAGE);
    }
  });

  it('addresses are normalised: full-width letters and case are the same account', async () => {
    const sent = await send('POST', { url: '/api/verification/create', payload: { email: ' \uff24emo@Kujiya.SG ' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const [mail] = await t.services.mail.listOutbox({ limit: 1 });
    expect(mail?.to).toBe('demo@kujiya.sg');
  });

  it('every back-office text field refuses format characters (bidi, zero-width)', async () => {
    const refused: string[] = [];
    const accepted: string[] = [];
    const adminRoutes = apiRoutes(t).filter((r) => r.url.startsWith('/api/admin/'));
    expect(adminRoutes.length).toBeGreaterThan(20);
    for (const route of adminRoutes) {
      for (const part of PARTS) {
        const shape = shapeOf(route.schema?.[part]);
        for (const [name, schema] of Object.entries(shape)) {
          if (/password/i.test(name)) continue; // secrets are compared as typed, never shown
          const probe = schema.safeParse('Sale');
          if (!probe.success && probe.error.issues.some((issue) => issue.code === 'invalid_type')) continue; // not text
          for (const method of methodsOf(route)) {
            for (const value of ['Sale \u202eon now', 'Sa\u200ble', '\u2066Sale\u2069']) {
              const field = { method, url: route.url, part, name };
              const res = await send(method, requestFor(field, value, {}));
              const label = `${method} ${route.url} ${part}.${name}=${JSON.stringify(value)}`;
              // A field whose own rule refuses the value (an id, a pattern) cannot pass validation: any 400 is a refusal.
              const ownRuleRefuses = !schema.safeParse(value).success;
              const message = res.statusCode === 400 ? (res.json().message as string) : '';
              if (
                message === `${name} must not contain invisible or text-direction characters.` ||
                (ownRuleRefuses && res.statusCode === 400)
              )
                refused.push(label);
              else accepted.push(`${label} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
            }
          }
        }
      }
    }
    expect(accepted, accepted.join('\n')).toEqual([]);
    // The fields the issue names are among those walked.
    for (const expected of [
      'POST /api/admin/announcements body.text',
      'POST /api/admin/token-packages body.packageName',
      'body.reason',
    ]) {
      expect(
        refused.some((label) => label.includes(expected)),
        expected,
      ).toBe(true);
    }
  });

  it('complete back-office forms with a direction override are refused and store nothing', async () => {
    const admin = { authorization: owner };
    const RLO = '\u202e';
    const announcement = {
      text: `Sale ${RLO}won ydaer`,
      severity: 'info',
      startsAt: '2030-01-01T00:00:00Z',
      endsAt: '2030-01-02T00:00:00Z',
    };
    const calls: [string, string, object][] = [
      ['POST', '/api/admin/announcements', announcement],
      ['POST', '/api/admin/token-packages', { packageName: `Gold${RLO}`, tokenAmount: 10, price: 1000 }],
      [
        'POST',
        '/api/admin/token-packages',
        { packageName: 'Gold', tokenAmount: 10, price: 1000, promoBanner: 'Best\u200bvalue' },
      ],
      [
        'POST',
        `/api/admin/shoppers/${(await insertTestShopper(t, 'adjusted')).id}/tokens`,
        { delta: 5, reason: `Goodwill ${RLO}` },
      ],
    ];
    for (const [method, url, payload] of calls) {
      const res = await t.app.inject({ method: method as 'POST', url, payload, headers: admin });
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json().message).toMatch(/must not contain invisible or text-direction characters\.$/);
    }
    expect(await t.services.announcements.list()).toEqual([]);
    const packages = await t.app.inject({ method: 'GET', url: '/api/admin/token-packages', headers: admin });
    expect(packages.json().tokenPackages.map((p: { packageName: string }) => p.packageName)).not.toContain(
      `Gold${RLO}`,
    );
    expect(packages.json().tokenPackages.map((p: { packageName: string }) => p.packageName)).not.toContain('Gold');

    // The new-product form: a plain field, and a prize name escaped inside the prize list's JSON text.
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    const fields = {
      name: 'Plain Set',
      quantity: '2',
      sku: 'TXT-001',
      tags: 'Anime',
      price: '5',
      token: '5',
      active: 'true',
      doubleChance: 'false',
      preorder: 'false',
      prizes: JSON.stringify([{ name: 'Prize A', description: 'Figure', quantity: 2, type: 'Big' }]),
    };
    for (const bad of [{ name: `Plain ${RLO}Set` }, { prizes: fields.prizes.replace('Prize A', 'Prize \\u202eA') }]) {
      const form = new FormData();
      for (const [name, value] of Object.entries({ ...fields, ...bad })) form.append(name, value);
      for (const name of ['productImage', 'prizeImage0'])
        form.append(name, new Blob([svg], { type: 'image/svg+xml' }), `${name}.svg`);
      const request = new Request('http://x/', { method: 'POST', body: form });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/add-product',
        headers: { ...admin, 'content-type': request.headers.get('content-type')! },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/must not contain invisible or text-direction characters\.$/);
    }
    const sets = await t.app.inject({ method: 'GET', url: '/api/admin/sets', headers: admin });
    expect(JSON.stringify(sets.json())).not.toContain('Plain');
  });
});

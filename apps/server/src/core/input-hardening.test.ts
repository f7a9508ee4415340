import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { bearer, signUp } from '../modules/accounts/test-helpers.ts';
import { MULTIPART_LIMITS } from './multipart.ts';

const CONTROL = /must not contain control characters\.$/;

/** A multipart body by hand, so it can be as broken as a hostile client makes it. */
function multipart(
  parts: { name: string; value: string | Buffer; filename?: string; type?: string }[],
  boundary = 'XyZ',
) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

describe('control characters are refused at the boundary', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ token } = await signUp(t, { username: 'nora', email: 'nora@example.com' }));
  });
  afterAll(async () => t.close());

  const cases: [string, string, string, object | undefined, boolean][] = [
    ['login', 'POST', '/api/users/login', { username: 'no\u0000ra', password: 'x' }, false],
    ['login password', 'POST', '/api/users/login', { username: 'nora', password: 'x\u0000' }, false],
    ['admin login', 'POST', '/api/admin/login', { username: 'admin\u0000', password: 'x' }, false],
    ['sign-up code', 'POST', '/api/verification/create', { email: 'a\u0000@example.com' }, false],
    ['forgot password', 'POST', '/api/users/forgot-password', { email: 'a@example.com\u0000' }, false],
    ['analytics', 'POST', '/api/analytics/event', { name: 'View Product', properties: { x: 'a\u0000b' } }, false],
    ['promo', 'POST', '/api/promocode/apply', { code: 'PROMO\u0000' }, true],
    ['payment status path', 'GET', '/api/token/payment-status/pi_%00', undefined, true],
    ['details path', 'GET', '/api/users/details/nora%01', undefined, true],
    ['query', 'GET', '/api/notifications?x=%00', undefined, true],
    ['escape char', 'POST', '/api/users/update-profile', { fullName: 'Nora\u001b[31m' }, true],
    ['C1 char', 'POST', '/api/users/update-profile', { fullName: 'Nora\u0085' }, true],
    ['key', 'POST', '/api/users/update-profile', { ['full\u0000Name']: 'Nora' }, true],
  ];
  it.each(cases)('%s: 400 with a clear message, nothing stored', async (_name, method, url, payload, auth) => {
    const res = await t.app.inject({ method: method as 'GET', url, payload, headers: auth ? bearer(token) : {} });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(CONTROL);
  });

  it('multipart text fields too', async () => {
    const body = multipart([{ name: 'fullName', value: 'No\u0000ra' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/update-profile',
      payload: body,
      headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=XyZ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(CONTROL);
  });

  it('line breaks and tabs in free text are fine', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/update-profile',
      payload: { fullAddress: '1 Road\nSingapore' },
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('multipart limits and malformed forms', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ token } = await signUp(t, { username: 'otto', email: 'otto@example.com' }));
  });
  afterAll(async () => t.close());

  const send = (payload: Buffer | string, contentType = 'multipart/form-data; boundary=XyZ') =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/update-profile',
      payload,
      headers: { ...bearer(token), 'content-type': contentType },
    });

  it('no boundary: 400', async () => {
    const res = await send(multipart([{ name: 'fullName', value: 'Otto' }]), 'multipart/form-data');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('truncated body: 400', async () => {
    const full = multipart([
      { name: 'fullName', value: 'Otto' },
      { name: 'profileImage', value: Buffer.alloc(2000, 1), filename: 'a.png', type: 'image/png' },
    ]);
    const res = await send(full.subarray(0, full.length - 900));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The form data is malformed.');
  });

  it('a field over the size limit: 413', async () => {
    const res = await send(multipart([{ name: 'fullName', value: 'x'.repeat(MULTIPART_LIMITS.fieldSize + 1) }]));
    expect(res.statusCode).toBe(413);
  });

  it('too many fields: 413', async () => {
    const fields = Array.from({ length: MULTIPART_LIMITS.fields + 1 }, (_, i) => ({ name: `f${i}`, value: 'x' }));
    const res = await send(multipart(fields));
    expect(res.statusCode).toBe(413);
  });

  it('too many files: 413', async () => {
    const files = Array.from({ length: MULTIPART_LIMITS.files + 1 }, (_, i) => ({
      name: `profileImage`,
      value: Buffer.from([i]),
      filename: `${i}.png`,
      type: 'image/png',
    }));
    const res = await send(multipart(files));
    expect(res.statusCode).toBe(413);
  });

  it('a file over the cap: 413 with the picture text, the profile unchanged', async () => {
    const big = Buffer.alloc(MULTIPART_LIMITS.fileSize + 10, 7);
    const res = await send(
      multipart([
        { name: 'fullName', value: 'Changed' },
        { name: 'profileImage', value: big, filename: 'big.png', type: 'image/png' },
      ]),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Profile picture must be at most 5 MB.');
    const details = await t.app.inject({ method: 'GET', url: '/api/users/details/otto', headers: bearer(token) });
    expect(details.json().shippingAddress.fullName).not.toBe('Changed');
  });

  it('a form sent to a route that takes none: 415, nothing read, nothing spent', async () => {
    // Only the modules with a form accept multipart bodies (core/multipart.ts).
    const before = await t.app.inject({ method: 'GET', url: '/api/token/user-tokens', headers: bearer(token) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token/use',
      payload: multipart([
        { name: 'setId', value: 'x' },
        { name: 'ticketsBought', value: '1' },
      ]),
      headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=XyZ' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toContain('Unsupported Media Type');
    const after = await t.app.inject({ method: 'GET', url: '/api/token/user-tokens', headers: bearer(token) });
    expect(after.body).toBe(before.body);
  });

  it('a JSON body over the global limit: 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: JSON.stringify({ username: 'x'.repeat(1024 * 1024 + 10), password: 'x' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
  });
});

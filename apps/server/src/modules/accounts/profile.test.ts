import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEFAULT_PROFILE_PICTURE } from './default-picture.ts';
import { users } from './tables.ts';
import { bearer, post, signUp } from './test-helpers.ts';

// A 1x1 PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A multipart body as a browser's FormData sends it. */
function multipart(fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) {
  const boundary = '----kujiya' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="me.png"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('profile', () => {
  let t: TestApp;
  let ivan: { token: string };
  let judy: { token: string };
  beforeAll(async () => {
    t = await createTestApp();
    ivan = await signUp(t, { username: 'ivan', email: 'ivan@example.com' });
    judy = await signUp(t, { username: 'judy', email: 'judy@example.com' });
  });
  afterAll(async () => t.close());

  const details = (username: string, token?: string) =>
    t.app.inject({ method: 'GET', url: `/api/users/details/${username}`, headers: token ? bearer(token) : {} });
  const update = (token: string, fields: Record<string, string>, file?: Parameters<typeof multipart>[1]) => {
    const body = multipart(fields, file);
    return t.app.inject({
      method: 'POST',
      url: '/api/users/update-profile',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(token) },
    });
  };

  it('shows the own details: empty address with country SG and the default picture', async () => {
    const res = await details('ivan', ivan.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      username: 'ivan',
      email: 'ivan@example.com',
      profilePicture: DEFAULT_PROFILE_PICTURE,
      phoneNumber: null,
      shippingAddress: { fullName: null, country: 'SG', postalCode: null, unitNumber: null, fullAddress: null },
      appearAsSomeone: false,
    });
  });

  it("refuses another user's details and address (403, nothing leaked), and anonymous callers", async () => {
    for (const url of ['/api/users/details/judy', '/api/users/shipping-address/judy', '/api/users/details/nobody']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(ivan.token) });
      expect(res.statusCode, url).toBe(403);
      expect(JSON.stringify(res.json())).not.toContain('judy@');
    }
    const anonymous = await details('ivan');
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().message).toBe('Please login first.');
  });

  it('a token of a deleted account answers as an invalid one: 403 Please login first.', async () => {
    const ghost = await signUp(t, { username: 'ghost', email: 'ghost@example.com' });
    expect((await details('ghost', ghost.token)).statusCode).toBe(200);
    await t.ctx.db.delete(users).where(eq(users.email, 'ghost@example.com'));
    const res = await details('ghost', ghost.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Please login first.', code: 'LOGIN_REQUIRED' });
  });

  it('updates only the fields sent (multipart) and answers the update message', async () => {
    const res = await update(ivan.token, {
      phoneNumber: '91234567',
      postalCode: '123456',
      unitNumber: '#01-02',
      fullAddress: '10 Bayfront Avenue',
      fullName: 'Ivan Tan',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Profile successfully updated!',
      user: { username: 'ivan', profilePicture: DEFAULT_PROFILE_PICTURE },
    });
    expect(res.json().token).toBeUndefined();

    const partial = await update(ivan.token, { unitNumber: '#09-10' });
    expect(partial.statusCode).toBe(200);
    const now = (await details('ivan', ivan.token)).json();
    expect(now).toMatchObject({
      phoneNumber: '91234567',
      shippingAddress: {
        fullName: 'Ivan Tan',
        country: 'SG',
        postalCode: '123456',
        unitNumber: '#09-10',
        fullAddress: '10 Bayfront Avenue',
      },
    });

    const address = await t.app.inject({
      method: 'GET',
      url: '/api/users/shipping-address/ivan',
      headers: bearer(ivan.token),
    });
    expect(address.json()).toEqual({ phoneNumber: '91234567', shippingAddress: now.shippingAddress, complete: true });
  });

  it('validates postal code, phone and country with clear messages and changes nothing', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ postalCode: '12345' }, 'Postal code must be exactly 6 digits.'],
      [{ postalCode: '1234567' }, 'Postal code must be exactly 6 digits.'],
      [{ postalCode: '12a456' }, 'Postal code must be exactly 6 digits.'],
      [{ phoneNumber: '12345678' }, 'Phone number must be 8 digits starting with 3, 6, 8 or 9.'],
      [{ phoneNumber: '9123456' }, 'Phone number must be 8 digits starting with 3, 6, 8 or 9.'],
      [{ phoneNumber: '912345678' }, 'Phone number must be 8 digits starting with 3, 6, 8 or 9.'],
      [{ country: 'Singapore' }, 'Country must be a 2-letter country code.'],
      [{ username: 'no way', postalCode: '654321' }, 'Username must be 3-30 characters long and alphanumeric.'],
      [{ fullAddress: 'x'.repeat(301) }, 'Full address must be at most 300 characters.'],
    ];
    for (const [fields, message] of cases) {
      const res = await update(ivan.token, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    for (const phone of ['31234567', '61234567', '81234567', '91234567']) {
      expect((await update(ivan.token, { phoneNumber: phone })).statusCode).toBe(200);
    }
    const after = (await details('ivan', ivan.token)).json();
    expect(after.shippingAddress.postalCode).toBe('123456');
    expect(after.username).toBe('ivan');
  });

  it('an empty field clears it, and the address is then incomplete', async () => {
    expect((await update(judy.token, { fullName: 'Judy', phoneNumber: '81234567' })).statusCode).toBe(200);
    expect((await update(judy.token, { phoneNumber: '' })).statusCode).toBe(200);
    const address = await t.app.inject({
      method: 'GET',
      url: '/api/users/shipping-address/judy',
      headers: bearer(judy.token),
    });
    expect(address.json()).toMatchObject({ phoneNumber: null, complete: false, shippingAddress: { fullName: 'Judy' } });
  });

  it('stores an uploaded picture through the media service and serves it', async () => {
    const res = await update(ivan.token, {}, { name: 'profileImage', type: 'image/png', bytes: png });
    expect(res.statusCode).toBe(200);
    const picture = res.json().user.profilePicture as string;
    expect(picture).toMatch(/^[0-9a-f]{32}\.png$/);
    const image = await t.app.inject({ method: 'GET', url: `/api/images/${picture}` });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(png)).toBe(true);
    const login = await post(t, '/api/users/login', { username: 'ivan', password: 'Secret1!' });
    expect(login.json().user.profilePicture).toBe(picture);

    const notImage = await update(
      ivan.token,
      {},
      { name: 'profileImage', type: 'text/html', bytes: Buffer.from('<p>x</p>') },
    );
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toBe('Unsupported image type');
    expect((await details('ivan', ivan.token)).json().profilePicture).toBe(picture);
  });

  it('renames: a new token, and the old name is free while the new one is taken (any case)', async () => {
    const taken = await update(ivan.token, { username: 'JUDY' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Username already exists');

    const res = await update(ivan.token, { username: 'ivan2' });
    expect(res.statusCode).toBe(200);
    const { token, user } = res.json();
    expect(user.username).toBe('ivan2');
    expect(await t.ctx.tokens.verify(token)).toMatchObject({ username: 'ivan2', role: 'user' });
    expect((await details('ivan2', token)).statusCode).toBe(200);
    expect((await details('ivan', token)).statusCode).toBe(403);
    expect((await post(t, '/api/users/login', { username: 'ivan2', password: 'Secret1!' })).statusCode).toBe(200);
  });

  it('a rename ends the sessions signed with the old name, even once someone else takes that name', async () => {
    const kim = await signUp(t, { username: 'kim', email: 'kim@example.com' });
    const otherDevice = (await post(t, '/api/users/login', { username: 'kim', password: kim.password })).json()
      .token as string;
    const renamed = await update(kim.token, { username: 'kimberly' });
    expect(renamed.statusCode).toBe(200);
    const fresh = renamed.json().token as string;
    for (const old of [kim.token, otherDevice]) {
      expect(await t.ctx.tokens.verify(old)).toBeNull();
      const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(old) });
      expect(me.statusCode).toBe(403);
    }
    // Someone takes the old name: an old token still cannot act as (or on) it.
    const newKim = await signUp(t, { username: 'kim', email: 'kim2@example.com' });
    expect((await details('kim', kim.token)).statusCode).toBe(403);
    expect((await details('kim', newKim.token)).statusCode).toBe(200);
    expect((await details('kimberly', fresh)).statusCode).toBe(200);
  });

  it('also takes a JSON body, and needs a login', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/users/update-profile',
      payload: { country: 'my' },
      headers: bearer(judy.token),
    });
    expect(json.statusCode).toBe(200);
    expect(json.json().details.shippingAddress.country).toBe('MY');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/users/update-profile',
      payload: { country: 'SG' },
    });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().message).toBe('Please login first.');
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RECOVERY_CODE_PATTERN } from '@kujiya/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bearer, insertTestAdmin, post } from '../accounts/test-helpers.ts';
import { totpCode } from './test-helpers.ts';
import { adminTotp } from './tables.ts';

const get = (t: TestApp, url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

/** The admin's TOTP secret as the database holds it. */
const storedSecret = async (t: TestApp, adminId: string) =>
  (await t.ctx.db.select({ secret: adminTotp.secret }).from(adminTotp).where(eq(adminTotp.adminId, adminId)))[0]!
    .secret;

/** Each admin logs in from an address of their own, so one test's login limits do not touch another's. */
const addressOf = (username: string) =>
  `10.1.${username.length}.${[...username.toLowerCase()].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 250}`;

async function login(t: TestApp, username: string, password: string, extra: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username, password, ...extra },
    remoteAddress: addressOf(username),
  });
}

/** Signs in (without a factor yet), sets up the authenticator app and turns it on; returns the secret and codes. */
async function enrol(t: TestApp, username: string, password: string) {
  const { token } = (await login(t, username, password)).json();
  const setup = await post(t, '/api/admin/2fa/setup', {}, bearer(token));
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  const enabled = await post(t, '/api/admin/2fa/enable', { code: await totpCode(t, secret) }, bearer(token));
  expect(enabled.statusCode).toBe(200);
  return { token, secret, recoveryCodes: enabled.json().recoveryCodes as string[] };
}

describe('two-factor sign-in (ADMIN_TWO_FACTOR optional, the default outside production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_USERNAME: 'Boss', ADMIN_PASSWORD: 'Boss123!' } });
  });
  afterAll(async () => t.close());

  it('enrols: a secret as text, otpauth URL and QR code, on only after a right first code, with ten recovery codes', async () => {
    const { token } = (await login(t, 'boss', 'Boss123!')).json();
    expect((await get(t, '/api/admin/2fa', token)).json()).toMatchObject({ totp: false, required: false });
    const setup = await post(t, '/api/admin/2fa/setup', {}, bearer(token));
    const { secret, otpauthUrl, qrCode } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Kujiya%20Back%20Office:Boss\?.*secret=/);
    expect(Buffer.from(qrCode.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain('<svg');
    // Not on yet: the login still needs no code.
    expect((await login(t, 'boss', 'Boss123!')).statusCode).toBe(200);
    const wrong = await post(t, '/api/admin/2fa/enable', { code: '000000' }, bearer(token));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'Invalid two-factor code.', code: 'TWO_FACTOR_INVALID' });
    const enabled = await post(t, '/api/admin/2fa/enable', { code: await totpCode(t, secret) }, bearer(token));
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes } = enabled.json();
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(RECOVERY_CODE_PATTERN);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await get(t, '/api/admin/2fa', token)).json()).toMatchObject({ totp: true, recoveryCodesLeft: 10 });
    const me = (await get(t, '/api/admin/me', token)).json();
    const entries = (await get(t, `/api/admin/audit?entityType=admin&entityId=${me.id}`, token)).json();
    expect(JSON.stringify(entries)).toContain('admin.two-factor.enable');
    // A second setup while it is on is refused; nothing changes.
    expect((await post(t, '/api/admin/2fa/setup', {}, bearer(token))).statusCode).toBe(409);
    t.clock.advance(60_000);
  });

  it('asks for the code after a right password with the exact 401; a wrong password still gets the password 401', async () => {
    const asked = await login(t, 'boss', 'Boss123!');
    expect(asked.statusCode).toBe(401);
    expect(asked.json()).toEqual({
      message: 'Two-factor code required',
      code: 'TWO_FACTOR_REQUIRED',
      twoFactorRequired: true,
    });
    // A wrong password still answers the password's 401, not the second step.
    expect((await login(t, 'boss', 'nope')).json().code).toBe('INVALID_LOGIN');
  });

  it('accepts a right code once: the same code again is a replay and refused, the next step is accepted', async () => {
    await insertTestAdmin(t, { username: 'Codes', password: 'Codes123!', role: 'owner' });
    const { secret } = await enrol(t, 'Codes', 'Codes123!');
    t.clock.advance(60_000);
    const code = await totpCode(t, secret);
    const first = await login(t, 'codes', 'Codes123!', { code });
    expect(first.statusCode).toBe(200);
    expect(first.json().twoFactorEnrolmentRequired).toBeUndefined();
    const again = await login(t, 'codes', 'Codes123!', { code });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('TWO_FACTOR_INVALID');
    // An earlier step's code (still within the drift window) is refused too once a later one was used.
    const earlier = await totpCode(t, secret, -1);
    expect((await login(t, 'codes', 'Codes123!', { code: earlier })).statusCode).toBe(401);
    t.clock.advance(30_000);
    expect((await login(t, 'codes', 'Codes123!', { code: await totpCode(t, secret) })).statusCode).toBe(200);
  });

  it('takes a recovery code once (any case, with or without its dash)', async () => {
    await insertTestAdmin(t, { username: 'Recover', password: 'Recover123!', role: 'staff' });
    const { token, recoveryCodes } = await enrol(t, 'Recover', 'Recover123!');
    const typed = recoveryCodes[3]!.replace('-', '').toLowerCase();
    expect((await login(t, 'recover', 'Recover123!', { code: typed })).statusCode).toBe(200);
    const reused = await login(t, 'recover', 'Recover123!', { code: recoveryCodes[3] });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('TWO_FACTOR_INVALID');
    expect((await get(t, '/api/admin/2fa', token)).json().recoveryCodesLeft).toBe(9);
    expect((await login(t, 'recover', 'Recover123!', { code: 'AAAAA-BBBBB' })).statusCode).toBe(401);
  });

  it('rate-limits wrong codes like wrong passwords; asking for the code is not a wrong try', async () => {
    await insertTestAdmin(t, { username: 'Guess', password: 'Guess123!', role: 'owner' });
    const { secret } = await enrol(t, 'Guess', 'Guess123!');
    for (let i = 0; i < 8; i++) expect((await login(t, 'guess', 'Guess123!')).statusCode).toBe(401);
    const answers: number[] = [];
    for (let i = 0; i < 7; i++) answers.push((await login(t, 'guess', 'Guess123!', { code: '123456' })).statusCode);
    expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(answers).toContain(429);
    // Even the right code waits out the lock.
    t.clock.advance(30_000);
    const locked = await login(t, 'guess', 'Guess123!', { code: await totpCode(t, secret) });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
  });

  it('lets staff choose: a staff admin without a factor reaches their pages; with one, the login asks', async () => {
    await insertTestAdmin(t, { username: 'Clerk', password: 'Clerk123!', role: 'staff' });
    const plain = await login(t, 'clerk', 'Clerk123!');
    expect(plain.statusCode).toBe(200);
    expect(plain.json().twoFactorEnrolmentRequired).toBeUndefined();
    expect((await get(t, '/api/admin/orders', plain.json().token)).statusCode).toBe(200);
    await enrol(t, 'Clerk', 'Clerk123!');
    expect((await login(t, 'clerk', 'Clerk123!')).json().code).toBe('TWO_FACTOR_REQUIRED');
  });

  it('turns the app off with a code (not with a stolen session alone)', async () => {
    await insertTestAdmin(t, { username: 'Leaver', password: 'Leaver123!', role: 'owner' });
    const { token, secret } = await enrol(t, 'Leaver', 'Leaver123!');
    expect((await post(t, '/api/admin/2fa/disable', { code: '999999' }, bearer(token))).statusCode).toBe(400);
    t.clock.advance(30_000);
    const off = await post(t, '/api/admin/2fa/disable', { code: await totpCode(t, secret) }, bearer(token));
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ totp: false, recoveryCodesLeft: 0 });
    expect((await login(t, 'leaver', 'Leaver123!')).statusCode).toBe(200);
  });

  it('stores the app’s secret sealed with the server key and bound to its admin; a plain one from before still works and is sealed by its next code', async () => {
    const adminId = await insertTestAdmin(t, { username: 'Sealed', password: 'Sealed123!', role: 'owner' });
    const otherId = await insertTestAdmin(t, { username: 'Other', password: 'Other123!', role: 'owner' });
    const { secret, recoveryCodes } = await enrol(t, 'Sealed', 'Sealed123!');
    const stored = (id: string) => storedSecret(t, id);
    const sealed = await stored(adminId);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(secret);
    expect(Buffer.from(sealed.slice(3), 'base64url').toString('latin1')).not.toContain(secret);

    // A row from before sealing holds the secret plain: its codes still work, and the first one seals it.
    await t.ctx.db.update(adminTotp).set({ secret }).where(eq(adminTotp.adminId, adminId));
    t.clock.advance(60_000);
    expect((await login(t, 'sealed', 'Sealed123!', { code: await totpCode(t, secret) })).statusCode).toBe(200);
    const resealed = await stored(adminId);
    expect(resealed).toMatch(/^v1\./);
    expect(resealed).not.toBe(sealed); // a fresh IV each time
    t.clock.advance(60_000);
    expect((await login(t, 'sealed', 'Sealed123!', { code: await totpCode(t, secret) })).statusCode).toBe(200);

    // Copied into another admin's row, or damaged, it does not open: the code is refused (401, not a
    // 500), and the admin's recovery codes still sign in.
    await t.ctx.db
      .insert(adminTotp)
      .values({ adminId: otherId, secret: resealed, enabledAt: new Date(), createdAt: new Date() });
    t.clock.advance(60_000);
    const warn = vi.spyOn(t.ctx.log, 'warn');
    const copied = await login(t, 'other', 'Other123!', { code: await totpCode(t, secret) });
    expect(copied.statusCode).toBe(401);
    expect(copied.json().code).toBe('TWO_FACTOR_INVALID');
    // The operator sees why: the secret did not open.
    expect(warn).toHaveBeenCalledWith({ adminId: otherId }, expect.stringContaining('does not open'));
    warn.mockRestore();
    await t.ctx.db
      .update(adminTotp)
      .set({ secret: `${resealed.slice(0, -4)}AAAA` })
      .where(eq(adminTotp.adminId, adminId));
    t.clock.advance(60_000);
    expect((await login(t, 'sealed', 'Sealed123!', { code: await totpCode(t, secret) })).statusCode).toBe(401);
    expect((await login(t, 'sealed', 'Sealed123!', { code: recoveryCodes[0] })).statusCode).toBe(200);
  });

  it('seals, in the hourly job, the secrets still plain from before sealing; a second run changes nothing', async () => {
    const adminId = await insertTestAdmin(t, { username: 'Dormant', password: 'Dormant123!', role: 'owner' });
    const { secret } = await enrol(t, 'Dormant', 'Dormant123!');
    await t.ctx.db.update(adminTotp).set({ secret }).where(eq(adminTotp.adminId, adminId));
    const stored = () => storedSecret(t, adminId);
    expect(await t.services.twoFactor.sealPlainSecrets()).toBe(1);
    const sealed = await stored();
    expect(sealed).toMatch(/^v1\./);
    expect(await t.services.twoFactor.sealPlainSecrets()).toBe(0);
    expect(await stored()).toBe(sealed);
    t.clock.advance(60_000);
    expect((await login(t, 'dormant', 'Dormant123!', { code: await totpCode(t, secret) })).statusCode).toBe(200);
  });

  it('answers a database failure while checking the code as a 500, not as a wrong code', async () => {
    await insertTestAdmin(t, { username: 'Broken', password: 'Broken123!', role: 'owner' });
    const { token, recoveryCodes } = await enrol(t, 'Broken', 'Broken123!');
    await t.ctx.db.execute(sql`alter table admin_recovery_codes rename to admin_recovery_codes_away`);
    try {
      const res = await post(t, '/api/admin/2fa/disable', { code: recoveryCodes[0] }, bearer(token));
      expect(res.statusCode).toBe(500);
    } finally {
      await t.ctx.db.execute(sql`alter table admin_recovery_codes_away rename to admin_recovery_codes`);
    }
    expect((await get(t, '/api/admin/2fa', token)).json()).toMatchObject({ totp: true, recoveryCodesLeft: 10 });
  });

  it('refuses bad input with a 4xx and changes nothing', async () => {
    const { token } = (await login(t, 'leaver', 'Leaver123!')).json();
    for (const body of [{}, { code: '' }, { code: 'x'.repeat(40) }, { code: 123456 }]) {
      const res = await post(t, '/api/admin/2fa/enable', body, bearer(token));
      expect(res.statusCode).toBe(400);
    }
    expect((await post(t, '/api/admin/2fa/enable', { code: '123456' }, bearer(token))).json().message).toBe(
      'Start the authenticator setup first.',
    );
    expect((await login(t, 'leaver', 'Leaver123!', { code: 'y'.repeat(40) })).statusCode).toBe(400);
    expect((await login(t, 'leaver', 'Leaver123!', { passkey: { id: 'x' } })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/admin/2fa/passkeys/nope', headers: bearer(token) }))
        .statusCode,
    ).toBe(400);
    expect((await get(t, '/api/admin/2fa', token)).json()).toMatchObject({ totp: false, passkeys: [] });
    expect((await post(t, '/api/admin/2fa/enable', { code: '123456' })).statusCode).toBe(401);
  });
});

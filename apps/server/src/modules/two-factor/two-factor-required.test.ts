import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bearer, insertTestAdmin, post } from '../accounts/test-helpers.ts';
import { softwareAuthenticator, totpCode } from './test-helpers.ts';

const get = (t: TestApp, url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const del = (t: TestApp, url: string, token: string) => t.app.inject({ method: 'DELETE', url, headers: bearer(token) });
const login = (t: TestApp, username: string, password: string, extra: Record<string, unknown> = {}) =>
  post(t, '/api/admin/login', { username, password, ...extra });

describe('two-factor sign-in under ADMIN_TWO_FACTOR=required', () => {
  let t: TestApp;
  /** The first owner's authenticator secret, set up in the first test. */
  let bossSecret = '';
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        ADMIN_USERNAME: 'Boss',
        ADMIN_PASSWORD: 'Boss123!',
        ADMIN_TWO_FACTOR: 'required',
        PUBLIC_URL: 'https://shop.example.sg',
      },
    });
  });
  afterAll(async () => t.close());

  it('forces an owner without a factor to enrol: the token reaches only /api/admin/2fa/* until then', async () => {
    const first = await login(t, 'boss', 'Boss123!');
    expect(first.statusCode).toBe(200);
    expect(first.json().twoFactorEnrolmentRequired).toBe(true);
    const { token } = first.json();
    const refused = await get(t, '/api/admin/admins', token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Set up two-factor sign-in before using the back office.',
      code: 'TWO_FACTOR_ENROLMENT_REQUIRED',
    });
    expect((await get(t, '/api/admin/dashboard', token)).statusCode).toBe(403);
    expect((await get(t, '/api/admin/me', token)).statusCode).toBe(200);
    expect((await get(t, '/api/admin/2fa', token)).json()).toMatchObject({ required: true, enrolmentPending: true });
    const { secret } = (await post(t, '/api/admin/2fa/setup', {}, bearer(token))).json();
    bossSecret = secret;
    const enabled = await post(t, '/api/admin/2fa/enable', { code: await totpCode(t, secret) }, bearer(token));
    expect(enabled.statusCode).toBe(200);
    // The enrolment-only session gets a full token with the recovery codes; the old one stays limited.
    const full = enabled.json().token as string;
    expect((await get(t, '/api/admin/admins', full)).statusCode).toBe(200);
    expect((await get(t, '/api/admin/admins', token)).statusCode).toBe(403);
    t.clock.advance(30_000);
    const next = await login(t, 'boss', 'Boss123!', { code: await totpCode(t, secret) });
    expect(next.json().twoFactorEnrolmentRequired).toBeUndefined();
    expect((await get(t, '/api/admin/admins', next.json().token)).statusCode).toBe(200);
  });

  it('leaves it optional for staff', async () => {
    await insertTestAdmin(t, { username: 'Clerk', password: 'Clerk123!', role: 'staff' });
    const res = await login(t, 'clerk', 'Clerk123!');
    expect(res.json().twoFactorEnrolmentRequired).toBeUndefined();
    expect((await get(t, '/api/admin/orders', res.json().token)).statusCode).toBe(200);
    expect((await get(t, '/api/admin/2fa', res.json().token)).json()).toMatchObject({ required: false });
  });

  it('registers a passkey while signed in and logs in with it instead of a code (each answer once)', async () => {
    await insertTestAdmin(t, { username: 'Keys', password: 'Keys123!', role: 'owner' });
    const { token } = (await login(t, 'keys', 'Keys123!')).json();
    const authenticator = softwareAuthenticator('https://shop.example.sg');
    const options = (await post(t, '/api/admin/2fa/passkeys/options', {}, bearer(token))).json();
    expect(options.rp).toEqual({ name: 'Kujiya Back Office', id: 'shop.example.sg' });
    // A registration for another origin is refused.
    const foreign = softwareAuthenticator('https://evil.example.com').create(options);
    expect((await post(t, '/api/admin/2fa/passkeys', { response: foreign }, bearer(token))).statusCode).toBe(400);
    const options2 = (await post(t, '/api/admin/2fa/passkeys/options', {}, bearer(token))).json();
    const added = await post(
      t,
      '/api/admin/2fa/passkeys',
      { response: authenticator.create(options2), name: 'YubiKey' },
      bearer(token),
    );
    expect(added.statusCode).toBe(201);
    expect(added.json().passkey.name).toBe('YubiKey');
    expect(added.json().recoveryCodes).toHaveLength(10);
    // The enrolment-only session (an owner without a factor) becomes a full one with its first factor.
    expect((await get(t, '/api/admin/admins', token)).statusCode).toBe(403);
    expect((await get(t, '/api/admin/admins', added.json().token)).statusCode).toBe(200);
    // The passkey is a factor: the login asks, and the passkey answers.
    expect((await login(t, 'keys', 'Keys123!')).json().code).toBe('TWO_FACTOR_REQUIRED');
    const loginOptions = (await post(t, '/api/admin/2fa/passkey/login-options', { username: 'KEYS' })).json();
    expect(loginOptions.allowCredentials).toEqual([expect.objectContaining({ id: authenticator.id })]);
    const answer = authenticator.get(loginOptions);
    const signedIn = await login(t, 'keys', 'Keys123!', { passkey: answer });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().twoFactorEnrolmentRequired).toBeUndefined();
    // The same answer again: its challenge is spent.
    const replay = await login(t, 'keys', 'Keys123!', { passkey: answer });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('TWO_FACTOR_INVALID');
    const status = (await get(t, '/api/admin/2fa', signedIn.json().token)).json();
    expect(status.passkeys).toEqual([expect.objectContaining({ name: 'YubiKey', lastUsedAt: expect.any(String) })]);
    // Removing it (the last factor) drops the recovery codes too.
    const removed = await del(t, `/api/admin/2fa/passkeys/${status.passkeys[0].id}`, signedIn.json().token);
    expect(removed.json()).toMatchObject({ passkeys: [], recoveryCodesLeft: 0 });
    expect((await del(t, `/api/admin/2fa/passkeys/${status.passkeys[0].id}`, signedIn.json().token)).statusCode).toBe(
      404,
    );
  });

  it("lets another owner reset an admin's factors (audited); staff and the admin themself cannot", async () => {
    const ownerId = await insertTestAdmin(t, { username: 'Lost', password: 'Lost123!', role: 'owner' });
    const lostToken = (await login(t, 'lost', 'Lost123!')).json().token;
    const { secret } = (await post(t, '/api/admin/2fa/setup', {}, bearer(lostToken))).json();
    await post(t, '/api/admin/2fa/enable', { code: await totpCode(t, secret) }, bearer(lostToken));
    t.clock.advance(30_000);
    const boss = (await login(t, 'boss', 'Boss123!', { code: await totpCode(t, bossSecret) })).json();
    const bossId = (await get(t, '/api/admin/me', boss.token)).json().id;
    const clerk = (await login(t, 'clerk', 'Clerk123!')).json().token;
    expect((await del(t, `/api/admin/admins/${ownerId}/2fa`, clerk)).statusCode).toBe(403);
    expect((await del(t, `/api/admin/admins/${crypto.randomUUID()}/2fa`, boss.token)).statusCode).toBe(404);
    expect((await del(t, `/api/admin/admins/not-an-id/2fa`, boss.token)).statusCode).toBe(400);
    expect((await get(t, '/api/admin/me', lostToken)).statusCode).toBe(200);
    const reset = await del(t, `/api/admin/admins/${ownerId}/2fa`, boss.token);
    expect(reset.statusCode).toBe(200);
    // The reset admin's sessions end with their factors (a stolen phone's session too).
    expect((await get(t, '/api/admin/me', lostToken)).statusCode).toBe(401);
    const audit = (await get(t, `/api/admin/audit?entityType=admin&entityId=${ownerId}`, boss.token)).json();
    expect(JSON.stringify(audit)).toMatch(/admin\.two-factor\.reset.*Boss|Boss.*admin\.two-factor\.reset/s);
    // The owner logs in without a code again, to an enrolment-only session.
    const after = await login(t, 'lost', 'Lost123!');
    expect(after.statusCode).toBe(200);
    expect(after.json().twoFactorEnrolmentRequired).toBe(true);
    const self = await del(t, `/api/admin/admins/${bossId}/2fa`, boss.token);
    expect(self.statusCode).toBe(400);
  });
});

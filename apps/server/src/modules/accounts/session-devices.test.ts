import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { LIVE_CLOSE_SESSION_ENDED, NEW_SIGN_IN_MAIL_SUBJECT } from '@kujiya/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { until } from '../../test/instances.ts';
const SECOND = 1000;
import { openTestSocket } from '../live/test-helpers.ts';
import { deviceLabel, placeOf } from './session-devices.ts';
import { LAST_SEEN_STEP_MS } from './sessions.ts';
import { userDevices, userSessions } from './tables.ts';
import { bearer, latestCode, post, signUp } from './test-helpers.ts';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const MAC_FIREFOX = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0';
const PHONE_ID = 'phone-0000-1111-2222-3333';
const LOGIN_FIRST = { message: 'Please login first.', code: 'LOGIN_REQUIRED' };

describe('device labels and places', () => {
  it('names the browser and system of a User-Agent', () => {
    expect(deviceLabel(ANDROID_CHROME)).toBe('Chrome on Android');
    expect(deviceLabel(IPHONE_SAFARI)).toBe('Safari on iOS');
    expect(deviceLabel(MAC_FIREFOX)).toBe('Firefox on macOS');
    expect(deviceLabel(undefined)).toBe('Unknown device');
    expect(deviceLabel('x'.repeat(500)).length).toBeLessThanOrEqual(60);
  });

  it('classes an address without looking it up', () => {
    expect(placeOf('127.0.0.1')).toBe('loopback');
    expect(placeOf('::1')).toBe('loopback');
    expect(placeOf('::ffff:127.0.0.1')).toBe('loopback');
    expect(placeOf('192.168.1.20')).toBe('private');
    expect(placeOf('10.2.3.4')).toBe('private');
    expect(placeOf('172.20.0.1')).toBe('private');
    expect(placeOf('fd12::1')).toBe('private');
    expect(placeOf('203.0.113.9')).toBe('ipv4');
    expect(placeOf('::ffff:203.0.113.9')).toBe('ipv4');
    expect(placeOf('2001:db8::1')).toBe('ipv6');
    expect(placeOf('not an address')).toBe('unknown');
  });
});

/** The devices page's calls (docs/rules/accounts.md, "Sessions and devices"). */
describe('shopper sessions and devices', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example.sg' } });
  });
  afterAll(async () => t.close());

  const login = async (username: string, password: string, headers: Record<string, string> = {}) => {
    const res = await post(t, '/api/users/login', { username, password }, headers);
    expect(res.statusCode).toBe(200);
    return res.json().token as string;
  };
  const call = (method: 'GET' | 'DELETE', url: string, token: string) =>
    t.app.inject({ method, url, headers: bearer(token) });
  const list = async (token: string) => {
    const res = await call('GET', '/api/users/sessions', token);
    expect(res.statusCode).toBe(200);
    return res.json().sessions as { id: string; device: string; place: string; current: boolean }[];
  };
  const me = (token: string) => call('GET', '/api/users/me', token);
  const idOf = (token: string) => decodeJwt(token).jti!;
  const newDeviceMails = async (email: string) =>
    (await t.services.mail.listQueue({ to: email })).filter((m) => m.subject === NEW_SIGN_IN_MAIL_SUBJECT);

  it("a sign-up's token is a session; each login adds one, named by its device; the caller's is marked current", async () => {
    const alice = await signUp(t, { username: 'alice', email: 'alice@example.com' });
    expect(await list(alice.token)).toEqual([
      expect.objectContaining({ id: idOf(alice.token), current: true, place: 'loopback' }),
    ]);
    const phone = await login('alice', alice.password, { 'user-agent': ANDROID_CHROME });
    const fromPhone = await list(phone);
    expect(fromPhone.map((s) => [s.id, s.device, s.current])).toEqual([
      [idOf(phone), 'Chrome on Android', true],
      [idOf(alice.token), expect.any(String), false],
    ]);
    // A session without its row is no session: the token of a deleted row is refused at once.
    await t.ctx.db.delete(userSessions).where(eq(userSessions.jti, idOf(phone)));
    expect((await me(phone)).json()).toEqual(LOGIN_FIRST);
  });

  it('"Log out" ends one session at once; unknown, ended and other shoppers\' ids are 404, malformed ones 400', async () => {
    const bob = await signUp(t, { username: 'bob', email: 'bob@example.com' });
    const phone = await login('bob', bob.password, { 'user-agent': ANDROID_CHROME });
    const carol = await signUp(t, { username: 'carol', email: 'carol@example.com' });

    const ended = await call('DELETE', `/api/users/sessions/${idOf(phone)}`, bob.token);
    expect([ended.statusCode, ended.json()]).toEqual([200, { message: 'Session ended.', current: false }]);
    expect([(await me(phone)).statusCode, (await me(phone)).json()]).toEqual([403, LOGIN_FIRST]);
    expect((await me(bob.token)).statusCode).toBe(200);
    expect((await list(bob.token)).map((s) => s.id)).toEqual([idOf(bob.token)]);

    for (const id of [idOf(phone), idOf(carol.token), crypto.randomUUID()]) {
      const res = await call('DELETE', `/api/users/sessions/${id}`, bob.token);
      expect([res.statusCode, res.json().message]).toEqual([404, 'Session not found']);
    }
    expect((await me(carol.token)).statusCode).toBe(200);
    const malformed = await call('DELETE', '/api/users/sessions/not-an-id', bob.token);
    expect(malformed.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/sessions' })).statusCode).toBe(403);

    // Ending the current session signs this device out.
    const own = await call('DELETE', `/api/users/sessions/${idOf(bob.token)}`, bob.token);
    expect(own.json()).toEqual({ message: 'Session ended.', current: true });
    expect((await me(bob.token)).statusCode).toBe(403);
  });

  it('"Log out everywhere else" ends every other session and keeps the current one', async () => {
    const dan = await signUp(t, { username: 'dan', email: 'dan@example.com' });
    const phone = await login('dan', dan.password, { 'user-agent': ANDROID_CHROME });
    const tablet = await login('dan', dan.password, { 'user-agent': IPHONE_SAFARI });
    const res = await call('DELETE', '/api/users/sessions', phone);
    expect([res.statusCode, res.json()]).toEqual([200, { message: 'Signed out everywhere else.', ended: 2 }]);
    expect((await me(phone)).statusCode).toBe(200);
    for (const token of [dan.token, tablet]) expect((await me(token)).statusCode).toBe(403);
    expect((await list(phone)).map((s) => s.id)).toEqual([idOf(phone)]);
    expect((await call('DELETE', '/api/users/sessions', phone)).json().ended).toBe(0);
  });

  const resetToken = async (email: string) => {
    await post(t, '/api/verification/create', { email, process: 'forgetPassword' });
    const verified = await post(t, '/api/verification/verify', { email, code: await latestCode(t, email) });
    return verified.json().resetToken as string;
  };

  it("a signed-in password change keeps the caller's session and ends the others; a reset by link ends all", async () => {
    const erin = await signUp(t, { username: 'erin', email: 'erin@example.com', password: 'Old123!' });
    const phone = await login('erin', 'Old123!', { 'user-agent': ANDROID_CHROME });
    const changed = await post(
      t,
      '/api/users/change-password',
      { email: 'erin@example.com', resetToken: await resetToken('erin@example.com'), password: 'New123!' },
      bearer(phone),
    );
    expect(changed.statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(200);
    expect((await me(erin.token)).statusCode).toBe(403);
    expect((await list(phone)).map((s) => s.id)).toEqual([idOf(phone)]);

    // Signed out (or with another account's token), the change ends every session.
    const laptop = await login('erin', 'New123!', { 'user-agent': MAC_FIREFOX });
    const other = await signUp(t, { username: 'frank', email: 'frank@example.com' });
    const byCode = await post(
      t,
      '/api/users/change-password',
      { email: 'erin@example.com', resetToken: await resetToken('erin@example.com'), password: 'Newer123!' },
      bearer(other.token),
    );
    expect(byCode.statusCode).toBe(200);
    for (const token of [phone, laptop]) expect((await me(token)).statusCode).toBe(403);
    expect((await me(other.token)).statusCode).toBe(200);

    const fresh = await login('erin', 'Newer123!');
    expect((await post(t, '/api/users/forgot-password', { email: 'erin@example.com' })).statusCode).toBe(200);
    const [mail] = await t.services.mail.listOutbox({ to: 'erin@example.com', limit: 1 });
    const link = mail!.text.match(/\/reset-password\/([A-Za-z0-9_-]+)/)![1]!;
    expect(
      (await post(t, `/api/users/reset-password/${link}`, { password: 'Reset123!' }, bearer(fresh))).statusCode,
    ).toBe(200);
    expect((await me(fresh)).statusCode).toBe(403);
    const after = await login('erin', 'Reset123!');
    expect((await list(after)).map((s) => s.id)).toEqual([idOf(after)]);
  });

  it('a login from a device the account never used queues one mail linking the devices page; never twice', async () => {
    const gina = await signUp(t, { username: 'gina', email: 'gina@example.com' });
    // The sign-up's device is the account's first: no mail for it, nor for logging in from it again.
    await login('gina', gina.password);
    expect(await newDeviceMails('gina@example.com')).toHaveLength(0);

    await login('gina', gina.password, { 'user-agent': ANDROID_CHROME, 'x-device-id': PHONE_ID });
    const [queued, ...more] = await newDeviceMails('gina@example.com');
    expect(more).toHaveLength(0);
    // Queued by template and data, not rendered inside the login's transaction: the delivery job renders it.
    expect([queued!.template, queued!.text, queued!.html]).toEqual(['newSignIn', null, null]);
    await t.services.mail.deliverQueued();
    const [mail] = await t.services.mail.listOutbox({ to: 'gina@example.com', limit: 1 });
    expect(mail!.subject).toBe(NEW_SIGN_IN_MAIL_SUBJECT);
    expect(mail!.text).toContain('Chrome on Android');
    expect(mail!.text).toContain('https://shop.example.sg/profile/devices');
    expect(mail!.html).toContain('href="https://shop.example.sg/profile/devices"');

    // The same device id with another browser, the same again, and both at once: still that one mail.
    await login('gina', gina.password, { 'user-agent': MAC_FIREFOX, 'x-device-id': PHONE_ID });
    await Promise.all([
      login('gina', gina.password, { 'user-agent': IPHONE_SAFARI }),
      login('gina', gina.password, { 'user-agent': IPHONE_SAFARI }),
    ]);
    expect(await newDeviceMails('gina@example.com')).toHaveLength(2);
    await login('gina', gina.password, { 'user-agent': IPHONE_SAFARI });
    // A malformed device id is ignored: the User-Agent's device decides.
    await login('gina', gina.password, { 'user-agent': IPHONE_SAFARI, 'x-device-id': 'bad id!' });
    expect(await newDeviceMails('gina@example.com')).toHaveLength(2);
  });

  it('an account without any remembered device (older than the devices) learns its first one silently', async () => {
    const hana = await signUp(t, { username: 'hana', email: 'hana@example.com' });
    const [account] = await t.ctx.db
      .select()
      .from(userSessions)
      .where(eq(userSessions.jti, idOf(hana.token)));
    await t.ctx.db.delete(userDevices).where(eq(userDevices.userId, account!.userId));
    await login('hana', hana.password, { 'user-agent': ANDROID_CHROME });
    expect(await newDeviceMails('hana@example.com')).toHaveLength(0);
    await login('hana', hana.password, { 'user-agent': IPHONE_SAFARI });
    expect(await newDeviceMails('hana@example.com')).toHaveLength(1);
  });

  it('last seen moves at most once a minute, off the request', async () => {
    const ivan = await signUp(t, { username: 'ivan', email: 'ivan@example.com' });
    const lastSeen = async () =>
      (
        await t.ctx.db
          .select()
          .from(userSessions)
          .where(eq(userSessions.jti, idOf(ivan.token)))
      )[0]!.lastSeenAt;
    const signedUpAt = await lastSeen();
    t.clock.advance(LAST_SEEN_STEP_MS - SECOND);
    for (let i = 0; i < 5; i++) {
      const res = await me(ivan.token);
      expect([res.statusCode, res.body]).toEqual([200, expect.any(String)]);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await lastSeen()).toEqual(signedUpAt);

    t.clock.advance(2 * SECOND);
    const at = t.clock.now();
    await Promise.all(Array.from({ length: 5 }, () => me(ivan.token)));
    await until(async () => (await lastSeen()).getTime() === at.getTime(), 5_000);
    t.clock.advance(SECOND);
    await me(ivan.token);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await lastSeen()).toEqual(at);
  });

  it("the sessions due in one burst all move their last seen, each to the burst's time", async () => {
    const shoppers = await Promise.all(
      ['kim', 'lee', 'mia'].map((name) => signUp(t, { username: name, email: `${name}@example.com` })),
    );
    const lastSeenOf = async (token: string) =>
      (
        await t.ctx.db
          .select()
          .from(userSessions)
          .where(eq(userSessions.jti, idOf(token)))
      )[0]!.lastSeenAt;
    t.clock.advance(LAST_SEEN_STEP_MS + SECOND);
    const at = t.clock.now();
    await Promise.all(shoppers.map((shopper) => me(shopper.token)));
    await until(
      async () =>
        (await Promise.all(shoppers.map((s) => lastSeenOf(s.token)))).every((d) => d.getTime() === at.getTime()),
      5_000,
    );
  });

  it("an ended session's live socket is closed; the other sessions' sockets stay", async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const jane = await signUp(t, { username: 'jane', email: 'jane@example.com' });
    const phone = await login('jane', jane.password, { 'user-agent': ANDROID_CHROME });
    const phoneSocket = await openTestSocket(url, { token: phone });
    const ownSocket = await openTestSocket(url, { token: jane.token });
    try {
      expect((await call('DELETE', `/api/users/sessions/${idOf(phone)}`, jane.token)).statusCode).toBe(200);
      await t.services.live.closeEndedSessions();
      expect(await phoneSocket.closed).toBe(LIVE_CLOSE_SESSION_ENDED);
      expect(ownSocket.ws.readyState).toBe(ownSocket.ws.OPEN);
    } finally {
      phoneSocket.close();
      ownSocket.close();
    }
  });
});

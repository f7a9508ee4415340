import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MINUTE } from '../../core/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users, verificationCodes } from './tables.ts';
import { DEFAULT_PROFILE_PICTURE } from './default-picture.ts';
import { latestCode, post, signUp } from './test-helpers.ts';

const INCORRECT = 'Verification Code is incorrect, please request for a new code.';

describe('sign-up with an e-mail code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('check-email answers OK for a free address and 409 with the exact text for a taken one', async () => {
    await signUp(t, { username: 'taken1', email: 'Taken1@Example.com' });
    const free = await post(t, '/api/users/check-email', { email: 'free@example.com' });
    expect(free.statusCode).toBe(200);
    const taken = await post(t, '/api/users/check-email', { email: ' TAKEN1@example.com ' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'An account already exists with this email.', code: 'EMAIL_TAKEN' });
    const bad = await post(t, '/api/users/check-email', { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid email address.');
  });

  it('mails a 6-digit code (stored hashed) and signs up with it: token, username, default picture', async () => {
    const sent = await post(t, '/api/verification/create', { email: 'Alice@Example.com' });
    expect(sent.statusCode).toBe(200);
    const code = await latestCode(t, 'alice@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const [mail] = await t.services.mail.listOutbox({ to: 'alice@example.com' });
    expect(mail!.text).toContain(code);
    expect(mail!.text).toContain('15 minutes');
    expect(mail!.html).toContain(code);
    const [row] = await t.ctx.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.email, 'alice@example.com'));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);

    const verified = await post(t, '/api/verification/verify', { email: 'alice@example.com', code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ message: 'Email verified successfully.', process: 'signup' });

    const created = await post(t, '/api/users/create', {
      username: 'Alice',
      email: 'ALICE@example.com',
      password: 'abc12!',
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.user).toEqual({ username: 'Alice', profilePicture: DEFAULT_PROFILE_PICTURE });
    const principal = await t.ctx.tokens.verify(body.token);
    expect(principal).toMatchObject({ username: 'Alice', role: 'user' });
    const [user] = await t.ctx.db.select().from(users).where(eq(users.username, 'Alice'));
    expect(user!.email).toBe('alice@example.com');
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);

    // The default picture is a real image.
    const picture = await t.app.inject({ method: 'GET', url: `/api/images/${DEFAULT_PROFILE_PICTURE}` });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/svg+xml');
  });

  it('refuses a code for an address that already has an account', async () => {
    const res = await post(t, '/api/verification/create', { email: 'alice@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An account already exists with this email.');
  });

  it('create needs a verified address: never verified, or verified more than an hour ago', async () => {
    const never = await post(t, '/api/users/create', { username: 'bob', email: 'bob@example.com', password: 'abc12!' });
    expect(never.statusCode).toBe(400);
    expect(never.json().message).toBe('Please verify your email before creating an account.');

    await post(t, '/api/verification/create', { email: 'bob@example.com' });
    const ok = await post(t, '/api/verification/verify', {
      email: 'bob@example.com',
      code: await latestCode(t, 'bob@example.com'),
    });
    expect(ok.statusCode).toBe(200);
    t.clock.advance(61 * MINUTE);
    const late = await post(t, '/api/users/create', { username: 'bob', email: 'bob@example.com', password: 'abc12!' });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('Please verify your email before creating an account.');
  });

  it('one verification creates one account', async () => {
    await post(t, '/api/verification/create', { email: 'carol@example.com' });
    await post(t, '/api/verification/verify', {
      email: 'carol@example.com',
      code: await latestCode(t, 'carol@example.com'),
    });
    const first = await post(t, '/api/users/create', {
      username: 'carol',
      email: 'carol@example.com',
      password: 'abc12!',
    });
    expect(first.statusCode).toBe(201);
    const again = await post(t, '/api/users/create', {
      username: 'carol2',
      email: 'carol@example.com',
      password: 'abc12!',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('An account already exists with this email.');
  });

  it("answers 'Username already exists' (any case) and keeps the verification for another try", async () => {
    await post(t, '/api/verification/create', { email: 'dave@example.com' });
    await post(t, '/api/verification/verify', {
      email: 'dave@example.com',
      code: await latestCode(t, 'dave@example.com'),
    });
    const clash = await post(t, '/api/users/create', {
      username: 'ALICE',
      email: 'dave@example.com',
      password: 'abc12!',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('Username already exists');
    const retry = await post(t, '/api/users/create', {
      username: 'dave',
      email: 'dave@example.com',
      password: 'abc12!',
    });
    expect(retry.statusCode).toBe(201);
  });

  it('validates with the exact messages and creates nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { username: 'ab', email: 'x@example.com', password: 'abc12!' },
        'Username must be 3-30 characters long and alphanumeric.',
      ],
      [
        { username: 'a'.repeat(31), email: 'x@example.com', password: 'abc12!' },
        'Username must be 3-30 characters long and alphanumeric.',
      ],
      [
        { username: 'bad name', email: 'x@example.com', password: 'abc12!' },
        'Username must be 3-30 characters long and alphanumeric.',
      ],
      [
        { username: 'okname', email: 'x@example.com', password: 'abc12' },
        'Password must be at least 6 characters and include a number, a letter, and a special character',
      ],
      [
        { username: 'okname', email: 'x@example.com', password: 'abcdef!' },
        'Password must be at least 6 characters and include a number, a letter, and a special character',
      ],
      [
        { username: 'okname', email: 'x@example.com', password: '123456!' },
        'Password must be at least 6 characters and include a number, a letter, and a special character',
      ],
      [
        { username: 'okname', email: 'x@example.com', password: 'abc123' },
        'Password must be at least 6 characters and include a number, a letter, and a special character',
      ],
      [{ username: 'okname', email: 'nope', password: 'abc12!' }, 'Please enter a valid email address.'],
      [{ email: 'x@example.com', password: 'abc12!' }, 'Username must be 3-30 characters long and alphanumeric.'],
    ];
    for (const [payload, message] of cases) {
      const res = await post(t, '/api/users/create', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    for (const special of '!@#$%^&*_-') {
      const res = await post(t, '/api/users/create', {
        username: 'okname',
        email: 'x@example.com',
        password: `abc12${special}`,
      });
      // Valid input: refused only because the address is not verified.
      expect(res.json().message).toBe('Please verify your email before creating an account.');
    }
  });
});

describe('verification codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const verify = (email: string, code: string) => post(t, '/api/verification/verify', { email, code });
  const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

  it('expires after 15 minutes', async () => {
    await post(t, '/api/verification/create', { email: 'exp@example.com' });
    const code = await latestCode(t, 'exp@example.com');
    t.clock.advance(15 * MINUTE + 1000);
    const res = await verify('exp@example.com', code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: INCORRECT, reason: 'expired', code: 'VERIFICATION_CODE_INCORRECT' });
  });

  it('still works just before 15 minutes', async () => {
    await post(t, '/api/verification/create', { email: 'edge@example.com' });
    const code = await latestCode(t, 'edge@example.com');
    t.clock.advance(15 * MINUTE - 1000);
    expect((await verify('edge@example.com', code)).statusCode).toBe(200);
  });

  it('is single use', async () => {
    await post(t, '/api/verification/create', { email: 'once@example.com' });
    const code = await latestCode(t, 'once@example.com');
    expect((await verify('once@example.com', code)).statusCode).toBe(200);
    const again = await verify('once@example.com', code);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(INCORRECT);
  });

  it('allows at most 5 tries, the right code included', async () => {
    await post(t, '/api/verification/create', { email: 'tries@example.com' });
    const code = await latestCode(t, 'tries@example.com');
    for (let i = 0; i < 4; i++) {
      const res = await verify('tries@example.com', wrong(code));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: INCORRECT, reason: 'incorrect', code: 'VERIFICATION_CODE_INCORRECT' });
    }
    const fifth = await verify('tries@example.com', wrong(code));
    expect(fifth.json()).toEqual({
      message: INCORRECT,
      reason: 'tooManyAttempts',
      code: 'VERIFICATION_CODE_INCORRECT',
    });
    const right = await verify('tries@example.com', code);
    expect(right.statusCode).toBe(400);
    expect(right.json().reason).toBe('tooManyAttempts');

    // A new code starts afresh.
    await post(t, '/api/verification/create', { email: 'tries@example.com' });
    expect((await verify('tries@example.com', await latestCode(t, 'tries@example.com'))).statusCode).toBe(200);
  });

  it('counts parallel guesses too', async () => {
    await post(t, '/api/verification/create', { email: 'race@example.com' });
    const code = await latestCode(t, 'race@example.com');
    const guesses = await Promise.all(Array.from({ length: 8 }, () => verify('race@example.com', wrong(code))));
    expect(guesses.every((g) => g.statusCode === 400)).toBe(true);
    const [row] = await t.ctx.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.email, 'race@example.com'));
    expect(row!.attempts).toBe(5);
    expect((await verify('race@example.com', code)).statusCode).toBe(400);
  });

  it('only the newest code of an address works', async () => {
    await post(t, '/api/verification/create', { email: 'resend@example.com' });
    const first = await latestCode(t, 'resend@example.com');
    t.clock.advance(MINUTE);
    await post(t, '/api/verification/create', { email: 'resend@example.com' });
    const second = await latestCode(t, 'resend@example.com');
    if (first !== second) expect((await verify('resend@example.com', first)).statusCode).toBe(400);
    expect((await verify('resend@example.com', second)).statusCode).toBe(200);
  });

  it('a code is bound to its address', async () => {
    await post(t, '/api/verification/create', { email: 'own@example.com' });
    await post(t, '/api/verification/create', { email: 'other@example.com' });
    const code = await latestCode(t, 'own@example.com');
    const res = await verify('other@example.com', code);
    // (1 in a million both codes are equal.)
    if (code !== (await latestCode(t, 'other@example.com'))) expect(res.statusCode).toBe(400);
  });

  it('refuses malformed input with a clear 400', async () => {
    for (const payload of [
      { email: 'x@example.com', code: '12345' },
      { email: 'x@example.com', code: 'abcdef' },
      { email: 'x@example.com' },
    ]) {
      const res = await post(t, '/api/verification/verify', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Verification code must be 6 digits.');
    }
    const badEmail = await post(t, '/api/verification/create', { email: 'x@' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBe('Please enter a valid email address.');
    const unknownProcess = await post(t, '/api/verification/create', { email: 'x@example.com', process: 'hack' });
    expect(unknownProcess.statusCode).toBe(400);
  });

  it('answers 502 with the exact text when the mail cannot be sent, and the code is void', async () => {
    const original = t.services.mail.send;
    t.services.mail.send = async () => {
      throw new Error('smtp down');
    };
    try {
      const res = await post(t, '/api/verification/create', { email: 'down@example.com' });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe('Unable to send verification code.');
    } finally {
      t.services.mail.send = original;
    }
    const rows = await t.ctx.db.select().from(verificationCodes).where(eq(verificationCodes.email, 'down@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.consumedAt).not.toBeNull();
  });
});

describe('login and logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await signUp(t, { username: 'Erin', email: 'erin@example.com', password: 'Erin12!' });
  });
  afterAll(async () => t.close());

  it('logs in by username (any case) or e-mail', async () => {
    for (const username of ['Erin', 'erin', 'ERIN', 'erin@example.com', ' Erin@Example.com ']) {
      const res = await post(t, '/api/users/login', { username, password: 'Erin12!' });
      expect(res.statusCode, username).toBe(200);
      expect(res.json().user).toEqual({ username: 'Erin', profilePicture: DEFAULT_PROFILE_PICTURE });
      expect(await t.ctx.tokens.verify(res.json().token)).toMatchObject({ username: 'Erin', role: 'user' });
    }
  });

  it('answers one 401 message for a wrong password or an unknown user', async () => {
    const wrongPassword = await post(t, '/api/users/login', { username: 'erin', password: 'Wrong12!' });
    const unknown = await post(t, '/api/users/login', { username: 'nobody', password: 'Erin12!' });
    for (const res of [wrongPassword, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid username or password.', code: 'INVALID_LOGIN' });
    }
    const empty = await post(t, '/api/users/login', { username: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please enter your username or email.');
  });

  it('tokens expire (7 days) and then count as logged out', async () => {
    const { token } = (await post(t, '/api/users/login', { username: 'erin', password: 'Erin12!' })).json();
    const me = () =>
      t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    expect((await me()).json()).toEqual({ username: 'Erin', profilePicture: DEFAULT_PROFILE_PICTURE });
    t.clock.advance(7 * 24 * 60 * MINUTE + 1000);
    const expired = await me();
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe('Please login first.');
  });

  it('logout answers OK', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/logout' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out successfully.' });
  });
});

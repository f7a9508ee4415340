import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MINUTE } from '../../core/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { passwordResetTokens } from './tables.ts';
import { latestCode, post, signUp } from './test-helpers.ts';

const SENT = 'If an account exists for this email, a password reset link has been sent.';
const INVALID = 'This password reset link is invalid or has expired.';
const DONE = 'Password has been reset successfully.';

const login = (t: TestApp, username: string, password: string) => post(t, '/api/users/login', { username, password });

describe('password reset by link', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example.sg' } });
    await signUp(t, { username: 'frank', email: 'frank@example.com', password: 'Old123!' });
  });
  afterAll(async () => t.close());

  async function requestLink(): Promise<string> {
    const res = await post(t, '/api/users/forgot-password', { email: 'Frank@Example.com' });
    expect(res.statusCode).toBe(200);
    const [mail] = await t.services.mail.listOutbox({ to: 'frank@example.com', limit: 1 });
    const token = mail!.text.match(/https:\/\/shop\.example\.sg\/reset-password\/([A-Za-z0-9_-]+)/)?.[1];
    expect(token).toBeTruthy();
    expect(mail!.subject).toBe('Reset your Kujiya password');
    expect(mail!.text).toContain('1 hour');
    expect(mail!.html).toContain(`https://shop.example.sg/reset-password/${token}`);
    return token!;
  }

  it('answers the same for an unknown address and mails nothing', async () => {
    const res = await post(t, '/api/users/forgot-password', { email: 'ghost@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SENT });
    expect(await t.services.mail.listOutbox({ to: 'ghost@example.com' })).toHaveLength(0);
    const bad = await post(t, '/api/users/forgot-password', { email: 'ghost' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid email address.');
  });

  it('mails a link that resets the password once; the token is stored hashed', async () => {
    const token = await requestLink();
    const rows = await t.ctx.db.select().from(passwordResetTokens);
    expect(rows.some((r) => r.tokenHash.includes(token))).toBe(false);

    const weak = await post(t, `/api/users/reset-password/${token}`, { password: 'weak' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(
      'Password must be at least 6 characters and include a number, a letter, and a special character',
    );

    const res = await post(t, `/api/users/reset-password/${token}`, { password: 'New123!' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: DONE });
    expect((await login(t, 'frank', 'New123!')).statusCode).toBe(200);
    expect((await login(t, 'frank', 'Old123!')).statusCode).toBe(401);

    const again = await post(t, `/api/users/reset-password/${token}`, { password: 'Other123!' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: INVALID, code: 'RESET_LINK_INVALID' });
    expect((await login(t, 'frank', 'New123!')).statusCode).toBe(200);
  });

  it('expires after 1 hour', async () => {
    const token = await requestLink();
    t.clock.advance(60 * MINUTE + 1000);
    const res = await post(t, `/api/users/reset-password/${token}`, { password: 'Late123!' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INVALID);
    expect((await login(t, 'frank', 'Late123!')).statusCode).toBe(401);
  });

  it('works just before the hour, and voids the other outstanding links', async () => {
    const first = await requestLink();
    const second = await requestLink();
    t.clock.advance(59 * MINUTE);
    expect((await post(t, `/api/users/reset-password/${second}`, { password: 'Second1!' })).statusCode).toBe(200);
    expect((await post(t, `/api/users/reset-password/${first}`, { password: 'First12!' })).statusCode).toBe(400);
    expect((await login(t, 'frank', 'Second1!')).statusCode).toBe(200);
  });

  it('refuses made-up tokens', async () => {
    for (const token of ['abc', 'x'.repeat(43), 'a.b']) {
      const res = await post(t, `/api/users/reset-password/${token}`, { password: 'Any1234!' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(INVALID);
    }
  });

  it('answers 502 "Failed to send reset link." when the mail fails, and that link is void', async () => {
    const original = t.services.mail.send;
    t.services.mail.send = async () => {
      throw new Error('smtp down');
    };
    try {
      const res = await post(t, '/api/users/forgot-password', { email: 'frank@example.com' });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe('Failed to send reset link.');
    } finally {
      t.services.mail.send = original;
    }
    const rows = await t.ctx.db.select().from(passwordResetTokens);
    expect(rows.every((r) => r.usedAt !== null)).toBe(true);
  });
});

describe('password reset by code (process forgetPassword → change-password)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await signUp(t, { username: 'grace', email: 'grace@example.com', password: 'Old123!' });
    await signUp(t, { username: 'heidi', email: 'heidi@example.com', password: 'Heidi1!' });
  });
  afterAll(async () => t.close());

  let sentBefore = 0;
  beforeEach(async () => {
    sentBefore = (await t.services.mail.listOutbox({ to: 'grace@example.com' })).length;
  });

  async function codeToken(email = 'grace@example.com') {
    const sent = await post(t, '/api/verification/create', { email, process: 'forgetPassword' });
    expect(sent.statusCode).toBe(200);
    const code = await latestCode(t, email);
    const res = await post(t, '/api/verification/verify', { email, code, process: 'forgetPassword' });
    expect(res.statusCode).toBe(200);
    expect(res.json().process).toBe('forgetPassword');
    return res.json().resetToken as string;
  }

  it('mails a reset code, whose verification hands out a token for change-password (single use)', async () => {
    const resetToken = await codeToken();
    const [mail] = await t.services.mail.listOutbox({ to: 'grace@example.com', limit: 1 });
    expect(mail!.subject).toMatch(/^Your Kujiya password reset code: \d{6}$/);
    expect((await t.services.mail.listOutbox({ to: 'grace@example.com' })).length).toBe(sentBefore + 1);

    const res = await post(t, '/api/users/change-password', {
      email: 'grace@example.com',
      resetToken,
      password: 'New123!',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: DONE });
    expect((await login(t, 'grace@example.com', 'New123!')).statusCode).toBe(200);
    const again = await post(t, '/api/users/change-password', {
      email: 'grace@example.com',
      resetToken,
      password: 'Again12!',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(INVALID);
  });

  it("a token works only for its own account's e-mail", async () => {
    const resetToken = await codeToken('heidi@example.com');
    const res = await post(t, '/api/users/change-password', {
      email: 'grace@example.com',
      resetToken,
      password: 'Stolen1!',
    });
    expect(res.statusCode).toBe(400);
    expect((await login(t, 'grace', 'Stolen1!')).statusCode).toBe(401);
    expect((await login(t, 'heidi', 'Stolen1!')).statusCode).toBe(401);
  });

  it('answers the same for an unknown address and mails nothing', async () => {
    const res = await post(t, '/api/verification/create', { email: 'ghost@example.com', process: 'forgetPassword' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Verification code sent.' });
    expect(await t.services.mail.listOutbox({ to: 'ghost@example.com' })).toHaveLength(0);
  });

  it('a reset code cannot stand in for a sign-up verification, and the process can be omitted when verifying', async () => {
    await post(t, '/api/verification/create', { email: 'grace@example.com', process: 'forgotPassword' });
    const code = await latestCode(t, 'grace@example.com');
    const asSignup = await post(t, '/api/verification/verify', { email: 'grace@example.com', code, process: 'signup' });
    expect(asSignup.statusCode).toBe(400);
    const plain = await post(t, '/api/verification/verify', { email: 'grace@example.com', code });
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({ process: 'forgetPassword' });
    expect(plain.json().resetToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.ctx.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, plain.json().resetToken));
    expect(rows).toHaveLength(0);
  });
});

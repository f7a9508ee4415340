import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { TokenSubject } from '../../core/auth.ts';
import type { TestApp } from '../../test/test-app.ts';
import { admins, users } from './tables.ts';
import { hashPassword } from './secrets.ts';

/** The latest code mailed to an address (dev outbox), read from the mail's subject line. */
export async function latestCode(t: TestApp, email: string): Promise<string> {
  const [mail] = await t.services.mail.listOutbox({ to: email, limit: 1 });
  const code = mail?.subject.match(/(\d{6})$/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

export async function post(t: TestApp, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs a shopper up through the public API (code mail, verify, create); returns the session. */
export async function signUp(
  t: TestApp,
  user: { username: string; email: string; password?: string },
): Promise<{ token: string; username: string; email: string; password: string }> {
  const password = user.password ?? 'Secret1!';
  const sent = await post(t, '/api/verification/create', { email: user.email });
  if (sent.statusCode !== 200) throw new Error(`code not sent: ${sent.body}`);
  const verified = await post(t, '/api/verification/verify', {
    email: user.email,
    code: await latestCode(t, user.email),
  });
  if (verified.statusCode !== 200) throw new Error(`not verified: ${verified.body}`);
  const created = await post(t, '/api/users/create', { ...user, password });
  if (created.statusCode !== 201) throw new Error(`not created: ${created.body}`);
  return { token: created.json().token, username: user.username, email: user.email.toLowerCase(), password };
}

/**
 * A new shopper row for other modules' tests, fast (no password hash, no e-mail code; it cannot log
 * in): bearer tokens are only valid for accounts that exist. Each call is a separate account; when
 * `username` is taken in this database, the older test shopper gives the name up (is renamed), so
 * tests may keep asking for a fresh 'alice'.
 */
export async function insertTestShopper(t: Pick<TestApp, 'ctx'>, username: string): Promise<TokenSubject> {
  const id = crypto.randomUUID();
  const now = t.ctx.clock.now();
  await t.ctx.db
    .update(users)
    .set({ username: sql`${users.username} || '-' || left(${users.id}::text, 8)` })
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  await t.ctx.db.insert(users).values({
    id,
    username,
    email: `${id}@test.invalid`,
    passwordHash: 'test shopper: no password',
    createdAt: now,
    updatedAt: now,
  });
  return { id, username, role: 'user', tokenVersion: 0 };
}

/** A back-office admin with a password, for other modules' tests (as an accepted invitation leaves it). */
export async function insertTestAdmin(
  t: Pick<TestApp, 'ctx'>,
  admin: { username: string; password: string; role: 'owner' | 'staff' },
): Promise<string> {
  const [row] = await t.ctx.db
    .insert(admins)
    .values({
      username: admin.username,
      passwordHash: await hashPassword(admin.password),
      role: admin.role,
      createdAt: t.ctx.clock.now(),
    })
    .returning({ id: admins.id });
  return row!.id;
}

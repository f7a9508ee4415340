import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { TestClock } from './clock.ts';
import { buildApp } from '../app.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { TEST_VAPID_ENV } from '../test/test-app.ts';

/** A production app that logs everything (trace) into `lines`. */
async function productionApp(lines: string[]) {
  const database = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: 'prod-secret-prod-secret-prod-secret-0123',
    PAYMENTS: 'test',
    PUBLIC_URL: 'https://shop.example.sg',
    ...TEST_VAPID_ENV,
  });
  const built = await buildApp({
    config,
    database,
    clock: new TestClock(),
    webDist: false,
    logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } },
  });
  await built.app.ready();
  return { ...built, database };
}

describe('production: no secret or code in any log line', () => {
  const lines: string[] = [];
  let t: Awaited<ReturnType<typeof productionApp>>;
  beforeAll(async () => {
    t = await productionApp(lines);
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
  });

  it('sign-up codes, reset links and passwords never reach the log, at trace level', async () => {
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
    expect((await post('/api/verification/create', { email: 'pat@example.com' })).statusCode).toBe(200);
    const [codeMail] = await t.services.mail.listOutbox({ to: 'pat@example.com', limit: 1 });
    const code = codeMail!.subject.match(/(\d{6})$/)![1]!;
    expect((await post('/api/verification/verify', { email: 'pat@example.com', code })).statusCode).toBe(200);
    const password = 'Patricia-Secret-9!';
    expect((await post('/api/users/create', { username: 'pat', email: 'pat@example.com', password })).statusCode).toBe(
      201,
    );
    await post('/api/users/login', { username: 'pat', password });
    expect((await post('/api/users/forgot-password', { email: 'pat@example.com' })).statusCode).toBe(200);
    const [resetMail] = await t.services.mail.listOutbox({ to: 'pat@example.com', limit: 1 });
    const resetToken = resetMail!.text.match(/reset-password\/([A-Za-z0-9_-]+)/)![1]!;
    expect((await post(`/api/users/reset-password/${resetToken}`, { password: 'Another-Secret-8!' })).statusCode).toBe(
      200,
    );

    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(5); // requests were logged at all
    expect(log).toContain('[redacted]');
    for (const secret of [code, password, resetToken, 'Another-Secret-8!', 'prod-secret-prod-secret']) {
      expect(log, `log holds ${secret}`).not.toContain(secret);
    }
  });

  it('the dev outbox is not served', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/outbox/latest?to=pat@example.com' })).statusCode).toBe(
      404,
    );
  });
});

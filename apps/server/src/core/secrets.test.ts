import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { derivedSecret, sha256 } from './secrets.ts';
import { appSettings } from './settings.ts';

describe('sha256', () => {
  it('is the plain SHA-256 digest, hex by default or base64url (stored token and recovery-code hashes)', () => {
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256('abc', 'base64url')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
    const code = 'ABCDEFGHJK';
    expect(sha256(code, 'base64url')).toBe(crypto.createHash('sha256').update(code).digest('base64url'));
  });
});

describe('derivedSecret', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  it('is `{purpose}:{JWT_SECRET}` when JWT_SECRET is set, without touching the settings', async () => {
    const get = derivedSecret({ config: { jwtSecret: 's3cret' }, db: database.db }, 'code', 'unused_key');
    expect(await get()).toBe('code:s3cret');
    expect(await database.db.select().from(appSettings).where(eq(appSettings.key, 'unused_key'))).toEqual([]);
  });

  it('without JWT_SECRET: 32 random bytes stored once, shared by every caller', async () => {
    const ctx = { config: {}, db: database.db };
    const first = await derivedSecret(ctx, 'code', 'verification_code_pepper')();
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await derivedSecret(ctx, 'code', 'verification_code_pepper')()).toBe(first);
  });

  it('keeps a key already stored (existing codes and links still verify)', async () => {
    await database.db.insert(appSettings).values({ key: 'mail_unsubscribe_key', value: 'stored-before' });
    const get = derivedSecret({ config: {}, db: database.db }, 'mail-unsubscribe', 'mail_unsubscribe_key');
    expect(await get()).toBe('stored-before');
  });
});

import crypto from 'node:crypto';
import type { Config } from '../config.ts';
import type { Executor } from '../db/database.ts';
import { getOrCreateSetting } from './settings.ts';

/** SHA-256 of a text. Enough to store values with many random bits (tokens, recovery codes) safely. */
export function sha256(text: string, encoding: 'hex' | 'base64url' = 'hex'): string {
  return crypto.createHash('sha256').update(text).digest(encoding);
}

/**
 * A server key for one purpose, read once: `{purpose}:{JWT_SECRET}` when JWT_SECRET is set (every
 * instance has it), else 32 random bytes stored under `settingKey` by the first instance that asks.
 */
export function derivedSecret(
  ctx: { config: Pick<Config, 'jwtSecret'>; db: Executor },
  purpose: string,
  settingKey: string,
): () => Promise<string> {
  let secret: Promise<string> | undefined;
  return () =>
    (secret ??= ctx.config.jwtSecret
      ? Promise.resolve(`${purpose}:${ctx.config.jwtSecret}`)
      : getOrCreateSetting(ctx.db, settingKey, () => crypto.randomBytes(32).toString('base64url')));
}

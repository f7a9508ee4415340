import { clientSeedSchema } from '@kujiya/shared';
import { storageKeys } from './storage';

/** The longest client seed a shopper may type (it is logged publicly with every draw). */
export const CLIENT_SEED_MAX_LENGTH = 128;

/** A fresh random seed: 16 random bytes as 32 lowercase hex characters. */
export function newClientSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Why a typed seed cannot be used (the server's rule: 1-128 characters, no control characters), or null. */
export function clientSeedProblem(seed: string): string | null {
  const result = clientSeedSchema.safeParse(seed);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid client seed');
}

/** The shopper's client seed from local storage; a random one is made and kept the first time. */
export function readClientSeed(storage: Storage = localStorage): string {
  const stored = storage.getItem(storageKeys.clientSeed);
  if (stored && clientSeedProblem(stored) === null) return stored.trim();
  const seed = newClientSeed();
  storage.setItem(storageKeys.clientSeed, seed);
  return seed;
}

/** Keeps a seed the shopper chose (trimmed). Returns the problem instead when it is not usable. */
export function writeClientSeed(seed: string, storage: Storage = localStorage): string | null {
  const problem = clientSeedProblem(seed);
  if (problem) return problem;
  storage.setItem(storageKeys.clientSeed, seed.trim());
  return null;
}

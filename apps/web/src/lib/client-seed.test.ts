import { describe, expect, it } from 'vitest';
import { storageKeys } from './storage';
import { clientSeedProblem, newClientSeed, readClientSeed, writeClientSeed } from './client-seed';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

describe('client seed', () => {
  it('makes a random 32-hex seed once and keeps it', () => {
    const storage = memoryStorage();
    const first = readClientSeed(storage);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(readClientSeed(storage)).toBe(first);
    expect(storage.getItem(storageKeys.clientSeed)).toBe(first);
    expect(newClientSeed()).not.toBe(newClientSeed());
  });

  it("keeps the shopper's own seed, trimmed", () => {
    const storage = memoryStorage();
    expect(writeClientSeed('  my lucky seed ', storage)).toBeNull();
    expect(readClientSeed(storage)).toBe('my lucky seed');
  });

  it('refuses an empty, too long or control-character seed and keeps the old one', () => {
    const storage = memoryStorage();
    const before = readClientSeed(storage);
    expect(writeClientSeed('   ', storage)).toBe('Client seed must not be empty');
    expect(writeClientSeed('x'.repeat(129), storage)).toBe('Client seed must be at most 128 characters');
    expect(writeClientSeed('a\u0007b', storage)).toBe('Client seed must not contain control characters');
    expect(readClientSeed(storage)).toBe(before);
    expect(clientSeedProblem('x'.repeat(128))).toBeNull();
  });

  it('replaces a stored seed that is not usable', () => {
    const storage = memoryStorage();
    storage.setItem(storageKeys.clientSeed, '');
    expect(readClientSeed(storage)).toMatch(/^[0-9a-f]{32}$/);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// session.ts reads local storage when it loads; give it a fresh in-memory one per test.
class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, String(value));
  removeItem = (key: string) => void this.items.delete(key);
}

function token(claims: object): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256' })}.${encode(claims)}.signature`;
}
const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

let storage: MemoryStorage;
beforeEach(() => {
  vi.resetModules();
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('window', { addEventListener: () => undefined });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function loadStore() {
  return (await import('./session')).sessionStore;
}

describe('shopper session', () => {
  it('authenticates a stored, unexpired shopper token with its username', async () => {
    storage.setItem('token', token({ username: 'amy', role: 'user', exp: inSeconds(3600) }));
    storage.setItem('username', 'amy');
    const store = await loadStore();
    expect(store.get()).toMatchObject({ isChecking: false, isAuthenticated: true, username: 'amy' });
  });

  it('resets an expired, malformed or admin token and clears storage', async () => {
    for (const stored of [
      token({ role: 'user', exp: inSeconds(-1) }),
      'garbage',
      token({ role: 'admin', exp: inSeconds(3600) }),
    ]) {
      vi.resetModules();
      storage.setItem('token', stored);
      storage.setItem('username', 'amy');
      storage.setItem('profilePicture', 'pic.png');
      const store = await loadStore();
      expect(store.get()).toEqual({
        token: null,
        username: null,
        profilePicture: null,
        isChecking: false,
        isAuthenticated: false,
      });
      expect(storage.getItem('token')).toBeNull();
      expect(storage.getItem('username')).toBeNull();
      expect(storage.getItem('profilePicture')).toBeNull();
    }
  });

  it('starts logged out without a stored session', async () => {
    const store = await loadStore();
    expect(store.get()).toMatchObject({ isChecking: false, isAuthenticated: false, token: null });
  });

  it('logs in, notifies subscribers, and logs out', async () => {
    const store = await loadStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const fresh = token({ username: 'bob', role: 'user', exp: inSeconds(3600) });
    store.set({ token: fresh, username: 'bob', profilePicture: 'bob.png' });
    expect(store.get()).toMatchObject({
      isAuthenticated: true,
      token: fresh,
      username: 'bob',
      profilePicture: 'bob.png',
    });
    expect(storage.getItem('token')).toBe(fresh);
    expect(listener).toHaveBeenCalled();
    store.clear();
    expect(store.get().isAuthenticated).toBe(false);
    expect(storage.getItem('token')).toBeNull();
  });

  it('logs out by itself when the token expires', async () => {
    vi.useFakeTimers();
    const store = await loadStore();
    store.set({ token: token({ username: 'cy', role: 'user', exp: inSeconds(60) }), username: 'cy' });
    expect(store.get().isAuthenticated).toBe(true);
    vi.advanceTimersByTime(61_000);
    expect(store.get().isAuthenticated).toBe(false);
    expect(storage.getItem('token')).toBeNull();
  });
});

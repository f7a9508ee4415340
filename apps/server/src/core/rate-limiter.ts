import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** A counter in a window: how many hits so far, and how long until the window ends. */
export interface Counter {
  count: number;
  ttlMs: number;
}

/**
 * Counters for rate limits and login backoff (docs/rules/security.md). Shared through Redis when
 * REDIS_URL is set; when Redis is unreachable every call falls back to this process's own counters
 * (one warning logged), so a limit still holds per instance and nobody waits or gets a 500. Calls
 * go back to Redis as soon as it is reachable again.
 */
export interface RateLimiter {
  /** Counts one hit; the window starts with the first hit of the key. */
  hit(key: string, windowMs: number): Promise<Counter>;
  /** The counter without counting (count 0 when the key has no live window). */
  peek(key: string): Promise<Counter>;
  /** Takes one hit back (e.g. a login attempt that turned out right). */
  undo(key: string): Promise<void>;
  /** Starts (or extends) a key that lives `ms` from now: a lock for backoff. */
  lock(key: string, ms: number): Promise<void>;
  clear(key: string): Promise<void>;
  /**
   * Atomically: when `key` has no live lock, starts one of `ms` and answers 0 (go ahead); otherwise
   * leaves it and answers the milliseconds left (wait). Parallel callers get exactly one 0.
   */
  acquire(key: string, ms: number): Promise<number>;
  /** Whether calls currently go to Redis (false: local counters). */
  readonly shared: boolean;
  /** Asks Redis now (readiness, docs/operations.md): `off` without REDIS_URL, `down` when it does not answer. */
  ping(): Promise<'ok' | 'down' | 'off'>;
  close(): Promise<void>;
}

/** How long one Redis command may take before this call falls back to local counters. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
const LOCAL_MAX_KEYS = 100_000;

/** The in-process counters: a map with expiry, pruned when it grows large. */
export class LocalCounters {
  private readonly entries = new Map<string, { count: number; expiresAt: number }>();

  private live(key: string, now: number) {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private prune(now: number) {
    if (this.entries.size < LOCAL_MAX_KEYS) return;
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    // Still full of live keys: drop the oldest insertions rather than grow without bound.
    for (const key of this.entries.keys()) {
      if (this.entries.size < LOCAL_MAX_KEYS) break;
      this.entries.delete(key);
    }
  }

  hit(key: string, windowMs: number): Counter {
    const now = Date.now();
    let entry = this.live(key, now);
    if (!entry) {
      this.prune(now);
      entry = { count: 0, expiresAt: now + windowMs };
      this.entries.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, ttlMs: entry.expiresAt - now };
  }

  peek(key: string): Counter {
    const now = Date.now();
    const entry = this.live(key, now);
    return entry ? { count: entry.count, ttlMs: entry.expiresAt - now } : { count: 0, ttlMs: 0 };
  }

  undo(key: string): void {
    const entry = this.live(key, Date.now());
    if (entry && entry.count > 0) entry.count -= 1;
  }

  lock(key: string, ms: number): void {
    const now = Date.now();
    this.prune(now);
    const entry = this.live(key, now);
    this.entries.set(key, { count: (entry?.count ?? 0) + 1, expiresAt: Math.max(entry?.expiresAt ?? 0, now + ms) });
  }

  clear(key: string): void {
    this.entries.delete(key);
  }

  acquire(key: string, ms: number): number {
    const now = Date.now();
    const entry = this.live(key, now);
    if (entry) return entry.expiresAt - now;
    this.prune(now);
    this.entries.set(key, { count: 1, expiresAt: now + ms });
    return 0;
  }
}

/** This instance's own counters (no REDIS_URL). */
function localLimiter(local: LocalCounters): RateLimiter {
  return {
    shared: false,
    hit: async (key, windowMs) => local.hit(key, windowMs),
    peek: async (key) => local.peek(key),
    undo: async (key) => local.undo(key),
    lock: async (key, ms) => local.lock(key, ms),
    clear: async (key) => local.clear(key),
    acquire: async (key, ms) => local.acquire(key, ms),
    ping: async () => 'off',
    close: async () => {},
  };
}

/** The Redis connection and `either`: a command runs on Redis when it is ready, else on this instance's counters. */
function connectShared(redisUrl: string, log: FastifyBaseLogger) {
  // No offline queue and a short command timeout: while Redis is away a command fails at once
  // instead of waiting for a reconnect; reconnecting goes on in the background.
  const redis = new Redis(redisUrl, {
    lazyConnect: false,
    enableOfflineQueue: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: (times) => Math.min(200 * times, 2_000),
  });
  let degraded = false;
  redis.on('error', () => {
    // Reported once by `fallback`; ioredis would otherwise print every reconnect error.
  });
  redis.on('ready', () => {
    if (degraded) log.info('rate limits: Redis is reachable again; counters are shared again');
    degraded = false;
  });

  const fallback = (error?: unknown) => {
    if (!degraded)
      log.warn(
        { err: error },
        "rate limits: Redis is unreachable; using this instance's own counters until it is back",
      );
    degraded = true;
  };

  /** Runs `shared` on Redis when it is ready, else (or when it fails) `own` on the local counters. */
  async function either<T>(shared: () => Promise<T>, own: () => T): Promise<T> {
    if (redis.status !== 'ready') {
      fallback();
      return own();
    }
    try {
      return await shared();
    } catch (error) {
      fallback(error);
      return own();
    }
  }

  return { redis, either, degraded: () => degraded };
}

/** Counters shared by every instance through Redis, each falling back to the local ones. */
function sharedLimiter(
  connection: ReturnType<typeof connectShared>,
  local: LocalCounters,
  prefix: string,
): RateLimiter {
  const { redis, either } = connection;
  const k = (key: string) => prefix + key;
  return {
    get shared() {
      return redis.status === 'ready' && !connection.degraded();
    },
    hit: (key, windowMs) =>
      either(
        async () => {
          const result = await redis.multi().set(k(key), 0, 'PX', windowMs, 'NX').incr(k(key)).pttl(k(key)).exec();
          if (!result || result.some(([err]) => err))
            throw result?.find(([err]) => err)?.[0] ?? new Error('Redis transaction aborted');
          return { count: Number(result[1]![1]), ttlMs: Math.max(0, Number(result[2]![1])) };
        },
        () => local.hit(key, windowMs),
      ),
    peek: (key) =>
      either(
        async () => {
          const [[, value], [, ttl]] = (await redis.multi().get(k(key)).pttl(k(key)).exec()) as [
            [unknown, string | null],
            [unknown, number],
          ];
          return value === null ? { count: 0, ttlMs: 0 } : { count: Number(value), ttlMs: Math.max(0, Number(ttl)) };
        },
        () => local.peek(key),
      ),
    undo: (key) =>
      either(
        async () => {
          // Only an existing counter above 0 goes down (a DECR on a missing key would create -1).
          await redis.eval(
            "local v = tonumber(redis.call('GET', KEYS[1])) if v and v > 0 then redis.call('DECR', KEYS[1]) end return 0",
            1,
            k(key),
          );
        },
        () => local.undo(key),
      ),
    lock: (key, ms) =>
      either(
        async () => {
          await redis.eval(
            "local ttl = redis.call('PTTL', KEYS[1]) redis.call('INCR', KEYS[1]) if ttl < tonumber(ARGV[1]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) else redis.call('PEXPIRE', KEYS[1], ttl) end return 0",
            1,
            k(key),
            String(ms),
          );
        },
        () => local.lock(key, ms),
      ),
    clear: (key) =>
      either(
        async () => void (await redis.del(k(key))),
        () => local.clear(key),
      ),
    acquire: (key, ms) =>
      either(
        async () => {
          const set = await redis.set(k(key), 1, 'PX', ms, 'NX');
          if (set === 'OK') return 0;
          return Math.max(1, Number(await redis.pttl(k(key))));
        },
        () => local.acquire(key, ms),
      ),
    async ping() {
      if (redis.status !== 'ready') return 'down';
      // The command timeout bounds the wait.
      return (await redis.ping().catch(() => null)) === 'PONG' ? 'ok' : 'down';
    },
    async close() {
      redis.disconnect();
    },
  };
}

/** Builds the limiter: Redis-backed with local fallback when `redisUrl` is set, local only otherwise. */
export function createRateLimiter(
  redisUrl: string | undefined,
  log: FastifyBaseLogger,
  prefix = 'kujiya-rl:',
): RateLimiter {
  const local = new LocalCounters();
  if (!redisUrl) return localLimiter(local);
  return sharedLimiter(connectShared(redisUrl, log), local, prefix);
}

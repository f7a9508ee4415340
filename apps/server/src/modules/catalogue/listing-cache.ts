import crypto from 'node:crypto';
import { compressBody } from '../../core/compress-body.ts';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../core/clock.ts';

/**
 * How old a cached catalogue body may get when instances share a database (docs/rules/catalogue.md).
 * Changes made on this instance drop the cache at commit, and with REDIS_URL every other instance
 * hears of them at once; this bound covers what sends no message: another instance's change without
 * Redis, or a lost message.
 */
export const LISTING_MAX_AGE_MS = 1_000;
/**
 * The same for an instance alone on its database (PGlite): every change passes through it, so this is
 * only a backstop for a change made behind the shop's back (by hand in the database).
 */
export const LISTING_ALONE_MAX_AGE_MS = 60_000;

export interface ListingBody {
  /** The serialized JSON answer. */
  body: string;
  /** The same as UTF-8 bytes, encoded once: writing the string would encode it on every request. */
  bytes: Buffer;
  /** A strong ETag of exactly these bytes. */
  etag: string;
  /** The body brotli- or gzip-compressed, made once per body on first use. */
  encoded(encoding: 'br' | 'gzip'): Buffer;
}

function listingBody(body: string, etag: string): ListingBody {
  const made = new Map<'br' | 'gzip', Buffer>();
  return {
    body,
    bytes: Buffer.from(body, 'utf8'),
    etag,
    encoded(encoding) {
      let bytes = made.get(encoding);
      if (!bytes) {
        bytes = compressBody(body, encoding, 'quick');
        made.set(encoding, bytes);
      }
      return bytes;
    },
  };
}

/** Pub/sub ignores Redis database numbers, so the channel carries ours: other shops never hear us. */
export function listingChannelFor(redisUrl: string): string {
  const db = Number(new URL(redisUrl).pathname.replace(/^\//, '') || '0');
  return `kujiya:db${Number.isInteger(db) ? db : 0}:catalogue`;
}

/**
 * What tells cached listings that the shop changed: a generation that moves on every committed change
 * (`invalidate`, called at commit by the catalogue's rounds) and, with REDIS_URL, on every other
 * instance's change. Built first, so the rounds that report changes and the cache that reads them
 * need nothing from each other.
 */
export function createListingChanges(opts: { redisUrl?: string; log: FastifyBaseLogger }) {
  let generation = 0;
  const bus = opts.redisUrl ? createInvalidationBus(opts.redisUrl, opts.log, () => void generation++) : null;
  return {
    generation: () => generation,
    /** Something the listing shows changed (called at commit): rebuild on the next request, everywhere. */
    invalidate(): void {
      generation++;
      bus?.publish();
    },
    close(): void {
      bus?.close();
    },
  };
}
export type ListingChanges = ReturnType<typeof createListingChanges>;

/**
 * The catalogue listing, serialized once and served as is until something changes it: a change
 * (`changes`), the moment the listing changes by time alone (`changesAt`: a reservation lapsing, a
 * hold's countdown, a set's "new" window closing), or the age bound. One build at a time; a change
 * during a build makes that build's result unusable (generation check).
 */
export function createListingCache(opts: {
  build: () => Promise<{ listing: unknown; changesAt: number | null }>;
  /** Checks a listing whose body differs from the last one (the contract, outside production); throws to refuse it. */
  check?: (listing: unknown) => void;
  changes: Pick<ListingChanges, 'generation'>;
  clock: Clock;
  /** The only instance on its database (no other instance can change the listing unseen). */
  alone: boolean;
}) {
  const maxAgeMs = opts.alone ? LISTING_ALONE_MAX_AGE_MS : LISTING_MAX_AGE_MS;
  const generationNow = () => opts.changes.generation();
  let cached: (ListingBody & { generation: number; builtAt: number; validUntil: number }) | null = null;
  let building: { generation: number; promise: Promise<ListingBody> } | null = null;
  /** The body made last: a rebuild that comes out the same keeps it, its ETag and its compressed copies. */
  let last: ListingBody | null = null;

  async function rebuild(): Promise<ListingBody> {
    const started = generationNow();
    const builtAt = opts.clock.now().getTime();
    const { listing, changesAt } = await opts.build();
    const body = JSON.stringify(listing);
    // On a shared database the body is rebuilt every second whether or not anything changed; an
    // unchanged one is not hashed, checked or compressed again (docs/performance.md).
    let made: ListingBody;
    if (last && last.body === body) made = last;
    else {
      opts.check?.(listing);
      made = listingBody(body, `"${crypto.createHash('sha1').update(body).digest('base64url')}"`);
      last = made;
    }
    const validUntil = Math.min(builtAt + maxAgeMs, changesAt ?? Infinity);
    if (started === generationNow()) cached = { ...made, generation: started, builtAt, validUntil };
    return made;
  }

  /** The cached body while it is still good, without a promise: the route's fast path. */
  function fresh(): ListingBody | null {
    const now = opts.clock.now().getTime();
    return cached && cached.generation === generationNow() && now < cached.validUntil && now >= cached.builtAt
      ? cached
      : null;
  }

  return {
    fresh,

    async get(): Promise<ListingBody> {
      const ready = fresh();
      if (ready) return ready;
      const generation = generationNow();
      if (building && building.generation === generation) return building.promise;
      const promise = rebuild().finally(() => {
        if (building?.promise === promise) building = null;
      });
      building = { generation, promise };
      return promise;
    },
  };
}

/** Tells the other instances to drop their cached listing. Best effort: the age bound covers a lost message. */
function createInvalidationBus(redisUrl: string, log: FastifyBaseLogger, onMessage: () => void) {
  const channel = listingChannelFor(redisUrl);
  const sender = crypto.randomUUID();
  const retryStrategy = (attempt: number) => Math.min(200 * attempt, 2_000);
  const pub = new Redis(redisUrl, {
    retryStrategy,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    lazyConnect: false,
  });
  const sub = new Redis(redisUrl, { retryStrategy, maxRetriesPerRequest: null });
  let warned = false;
  const warn = (error: unknown) => {
    if (warned) return;
    warned = true;
    log.warn(
      { err: error instanceof Error ? error.message : undefined, channel },
      'Redis unreachable: catalogue caches of other instances refresh by age only',
    );
  };
  pub.on('error', warn);
  sub.on('error', warn);
  sub.on('ready', () => (warned = false));
  sub.subscribe(channel).catch(warn);
  sub.on('message', (from: string, text: string) => {
    if (from === channel && text !== sender) onMessage();
  });
  return {
    publish() {
      if (pub.status === 'ready') pub.publish(channel, sender).catch(warn);
    },
    close() {
      pub.disconnect();
      sub.disconnect();
    },
  };
}

import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { liveBusEventSchema, type LiveBusEvent } from '@kujiya/shared';

/** Carries live events to every instance's hub: Redis pub/sub, or in-process for one instance. */
export interface LiveBus {
  /** Every instance's hub gets the events, in order; the events of one commit go as one message. */
  publish(...events: LiveBusEvent[]): void;
  close(): Promise<void>;
  /** 'local' (no Redis), 'shared' (Redis up) or 'degraded' (Redis configured but unreachable). */
  readonly mode: 'local' | 'shared' | 'degraded';
}

type Deliver = (event: LiveBusEvent) => void;

export function createLocalBus(deliver: Deliver): LiveBus {
  return {
    mode: 'local',
    publish: (...events) => events.forEach(deliver),
    close: async () => {},
  };
}

/**
 * Pub/sub ignores Redis database numbers, so the channel carries the URL's database number:
 * instances of other shops on the same Redis (another database) never see our events.
 */
export function liveChannelFor(redisUrl: string): string {
  const db = Number(new URL(redisUrl).pathname.replace(/^\//, '') || '0');
  return `kujiya:db${Number.isInteger(db) ? db : 0}:live`;
}

/**
 * Redis pub/sub. While Redis is unreachable each instance keeps serving its own clients (events go
 * straight to the local hub) and one warning is logged; ioredis reconnects and resubscribes by
 * itself, and fan-out across instances resumes then.
 */
export function createRedisBus(redisUrl: string, log: FastifyBaseLogger, deliver: Deliver): LiveBus {
  const channel = liveChannelFor(redisUrl);
  const retryStrategy = (attempt: number) => Math.min(200 * attempt, 2_000);
  const pub = new Redis(redisUrl, { retryStrategy, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  const sub = new Redis(redisUrl, { retryStrategy, maxRetriesPerRequest: null });
  let down = false;
  let closing = false;

  const markDown = (error?: unknown) => {
    if (down || closing) return;
    down = true;
    log.warn(
      { err: error instanceof Error ? error.message : undefined, channel },
      'Redis unreachable: live events reach only this instance until it returns',
    );
  };
  const checkUp = () => {
    if (down && pub.status === 'ready' && sub.status === 'ready') {
      down = false;
      log.info({ channel }, 'Redis is back: live fan-out across instances resumed');
    }
  };
  for (const connection of [pub, sub]) {
    connection.on('error', (error) => markDown(error));
    connection.on('close', () => markDown());
    connection.on('ready', checkUp);
  }
  // Resubscribed after every reconnect (ioredis autoResubscribe).
  sub.subscribe(channel).catch((error) => markDown(error));
  sub.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return;
    }
    // One event, or the events of one commit as an array; each is checked on its own.
    for (const item of Array.isArray(parsed) ? parsed : [parsed]) {
      const event = liveBusEventSchema.safeParse(item);
      if (event.success) deliver(event.data);
    }
  });

  return {
    get mode() {
      return down || pub.status !== 'ready' || sub.status !== 'ready' ? ('degraded' as const) : ('shared' as const);
    },
    publish(...events) {
      if (events.length === 0) return;
      if (pub.status !== 'ready' || sub.status !== 'ready') {
        // Still connecting at start-up is not an outage; a lost connection is.
        if (
          ![pub.status, sub.status].every(
            (status) => status === 'ready' || status === 'connecting' || status === 'wait',
          )
        )
          markDown();
        events.forEach(deliver);
        return;
      }
      // One message for the lot (a purchase batch's dozens of events): one PUBLISH, and one message for
      // every instance to read instead of one per event. A single event goes as itself.
      const text = JSON.stringify(events.length === 1 ? events[0] : events);
      // Our own subscription brings the events back to this instance's hub.
      pub.publish(channel, text).catch((error) => {
        markDown(error);
        events.forEach(deliver);
      });
    },
    async close() {
      closing = true;
      pub.disconnect();
      sub.disconnect();
    },
  };
}

import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveBusEvent } from '@kujiya/shared';
import { describe, expect, it, vi } from 'vitest';
import { createRedisBus, liveChannelFor } from './bus.ts';

describe('live bus channel', () => {
  it('carries the Redis database number, since pub/sub ignores it', () => {
    expect(liveChannelFor('redis://127.0.0.1:6379/2')).toBe('kujiya:db2:live');
    expect(liveChannelFor('redis://:secret@redis.internal:6379')).toBe('kujiya:db0:live');
    expect(liveChannelFor('rediss://redis.internal/11')).toBe('kujiya:db11:live');
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
const silent = { warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;
const user = (userId: string): LiveBusEvent => ({ kind: 'user', userId, event: 'balance' });
const ready = (redis: Redis) =>
  new Promise<void>((resolve) => (redis.status === 'ready' ? resolve() : redis.once('ready', () => resolve())));

// Needs a real Redis (CI's TEST_REDIS_URL; each test worker has its own database, so its own channel).
describe.skipIf(!redisUrl)('the live bus on Redis', () => {
  it("sends one commit's events as one message, which every instance delivers in order", async () => {
    const url = redisUrl!;
    const heard: LiveBusEvent[] = [];
    const sender = createRedisBus(url, silent, () => {});
    const receiver = createRedisBus(url, silent, (event) => heard.push(event));
    const raw = new Redis(url);
    const messages: string[] = [];
    await raw.subscribe(liveChannelFor(url));
    raw.on('message', (_channel: string, text: string) => messages.push(text));
    try {
      await vi.waitFor(() => expect([sender.mode, receiver.mode]).toEqual(['shared', 'shared']), { timeout: 10_000 });
      sender.publish(user('a'), user('b'), { kind: 'board', setId: 's1' });
      await vi.waitFor(() => expect(heard).toHaveLength(3), { timeout: 10_000 });
      expect(heard).toEqual([user('a'), user('b'), { kind: 'board', setId: 's1' }]);
      expect(messages).toHaveLength(1);
      expect(JSON.parse(messages[0]!)).toHaveLength(3);
      // A single event goes as itself (what instances of the previous release send and read).
      sender.publish(user('c'));
      await vi.waitFor(() => expect(heard).toHaveLength(4), { timeout: 10_000 });
      expect(JSON.parse(messages[1]!)).toEqual(user('c'));
    } finally {
      raw.disconnect();
      await Promise.all([sender.close(), receiver.close()]);
    }
  });

  it('delivers the valid events of a message and skips the others', async () => {
    const url = redisUrl!;
    const heard: LiveBusEvent[] = [];
    const receiver = createRedisBus(url, silent, (event) => heard.push(event));
    const raw = new Redis(url);
    try {
      await vi.waitFor(() => expect(receiver.mode).toBe('shared'), { timeout: 10_000 });
      await ready(raw);
      await raw.publish(liveChannelFor(url), JSON.stringify([user('d'), { kind: 'nonsense' }, user('e')]));
      await raw.publish(liveChannelFor(url), 'not json');
      await raw.publish(liveChannelFor(url), JSON.stringify(user('f')));
      await vi.waitFor(() => expect(heard).toEqual([user('d'), user('e'), user('f')]), { timeout: 10_000 });
    } finally {
      raw.disconnect();
      await receiver.close();
    }
  });
});

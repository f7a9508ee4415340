import { describe, expect, it } from 'vitest';
import { liveChannelFor } from './bus.ts';

describe('live bus channel', () => {
  it('carries the Redis database number, since pub/sub ignores it', () => {
    expect(liveChannelFor('redis://127.0.0.1:6379/2')).toBe('kujiya:db2:live');
    expect(liveChannelFor('redis://:secret@redis.internal:6379')).toBe('kujiya:db0:live');
    expect(liveChannelFor('rediss://redis.internal/11')).toBe('kujiya:db11:live');
  });
});

/** Time source. Services never call `new Date()` directly so tests can move time (expiry, holds). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance. */
export class TestClock implements Clock {
  private current: number;
  constructor(start: Date | string = '2026-11-21T04:00:00.000Z') {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  set(to: Date | string): void {
    this.current = new Date(to).getTime();
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

// The durations are the shared ones (packages/shared/src/common/time.ts), under the server's short names.
export { MINUTE_MS as MINUTE, HOUR_MS as HOUR, DAY_MS as DAY } from '@kujiya/shared';

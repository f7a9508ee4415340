import type { Config } from '../config.ts';
import type { Database, Db } from '../db/database.ts';
import type { Clock } from './clock.ts';
import type { Guards, TokenService } from './auth.ts';
import type { RateLimiter } from './rate-limiter.ts';
import type { FastifyBaseLogger } from 'fastify';

/** What every module's service factory and routes receive: the shared infrastructure. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  tokens: TokenService;
  guards: Guards;
  /** Rate-limit and login-backoff counters (Redis when REDIS_URL, with a local fallback). */
  limiter: RateLimiter;
}

import type { Config } from '../config.ts';
import type { Database, Db } from '../db/database.ts';
import type { Clock } from './clock.ts';
import type { Guards, TokenService } from './auth.ts';
import type { RateLimiter } from './rate-limiter.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from './metrics.ts';

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
  /**
   * The background-job queue (src/jobs/queue.ts, docs/jobs.md). Modules only `kick` a job after
   * their commit; server.ts starts and stops the registry, and nothing runs in tests unless one starts it.
   */
  jobs: JobQueue;
  /**
   * The Prometheus metrics (core/metrics.ts, docs/operations.md "Metrics"): services count what
   * they did with their executor, and it counts only once that transaction commits.
   */
  metrics: Metrics;
}

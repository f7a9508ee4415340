import fs from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode, type Liveness, type Readiness, type ReadinessChecks } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import { migrationsFolder } from '../../db/database.ts';

/** How long the database may take to answer `select 1` before the instance is unready. */
export const DATABASE_CHECK_TIMEOUT_MS = 1_000;

/** The `when` of the newest committed migration: drizzle stores it as `created_at` when it applies one. */
async function newestMigrationMillis(): Promise<number> {
  const journal = JSON.parse(await fs.readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/** Resolves with the promise's value, or rejects once `ms` have passed. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Liveness and readiness for the load balancer (docs/operations.md, "Health and readiness").
 * Ready: the database answers within 1 s, the committed migrations are applied, the instance is not
 * draining. Redis is optional (the shop works without it): down makes the answer `degraded`, still 200.
 */
export function createHealthService(ctx: AppContext) {
  let draining = false;
  let migrationsApplied = false;
  // One database check at a time: a database that hangs holds one connection, not one per probe.
  let databaseCheck: Promise<void> | undefined;

  function databaseAnswers(): Promise<boolean> {
    databaseCheck ??= ctx.database
      .executeSql('select 1')
      .then(() => undefined)
      .finally(() => (databaseCheck = undefined));
    return within(databaseCheck, DATABASE_CHECK_TIMEOUT_MS).then(
      () => true,
      () => false,
    );
  }

  /** Once seen applied, migrations stay applied for this process (no query per probe). */
  async function migrationsState(): Promise<ReadinessChecks['migrations']> {
    if (migrationsApplied) return 'ok';
    try {
      const { rows } = await within(
        ctx.database.executeSql('select max(created_at)::text as applied from drizzle.__drizzle_migrations'),
        DATABASE_CHECK_TIMEOUT_MS,
      );
      migrationsApplied = Number(rows[0]?.applied ?? 0) >= (await newestMigrationMillis());
    } catch {
      // Not answered (or no table yet): not known to be applied.
    }
    return migrationsApplied ? 'ok' : 'pending';
  }

  async function readiness(): Promise<{ ready: boolean; body: Readiness }> {
    const [database, redis] = await Promise.all([databaseAnswers(), ctx.limiter.ping()]);
    const checks: ReadinessChecks = {
      database: database ? 'ok' : 'down',
      migrations: database ? await migrationsState() : migrationsApplied ? 'ok' : 'pending',
      redis,
    };
    if (draining || !database || checks.migrations !== 'ok') {
      const message = draining ? 'The instance is shutting down' : 'The instance cannot serve yet';
      const body = { message, code: ErrorCode.SERVICE_UNAVAILABLE, status: 'unready' as const, checks, draining };
      return { ready: false, body };
    }
    return { ready: true, body: { status: redis === 'down' ? 'degraded' : 'ready', checks } };
  }

  // The alerts' readiness, database and Redis gauges ask the same checks as the load balancer.
  ctx.metrics.watch({
    readiness: async () => {
      const { ready, body } = await readiness();
      return { ready, databaseUp: body.checks.database === 'ok', redis: body.checks.redis };
    },
  });

  return {
    liveness: (): Liveness => ({ status: 'ok' }),
    readiness,

    /** From now on /readyz answers 503, so the load balancer moves traffic away (the drain, server.ts). */
    startDraining(): void {
      draining = true;
    },
    isDraining: () => draining,
  };
}

import type { Database } from './database.ts';

/**
 * How far the database's standbys are behind, for `kujiya_database_replication_lag_seconds`
 * (docs/operations.md, "Alerts"). On a primary: the largest `replay_lag` of `pg_stat_replication`
 * (0 while a connected standby has nothing to replay, when PostgreSQL reports null). On a standby:
 * the age of the last transaction it replayed. Null without replication (no standby connected, or
 * PGlite), exported as 0, so the alert cannot fire. Seeing other sessions' lag needs `pg_monitor`.
 */
export async function replicationLagSeconds(database: Pick<Database, 'executeSql' | 'kind'>): Promise<number | null> {
  if (database.kind !== 'postgres') return null;
  const { rows } = await database.executeSql(
    `select pg_is_in_recovery() as standby,
       (select count(*)::int from pg_stat_replication) as standbys,
       (select coalesce(max(extract(epoch from replay_lag)), 0)::float8 from pg_stat_replication) as primary_lag,
       coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 0)::float8 as standby_lag`,
    [],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.standby === true) return Math.max(0, Number(row.standby_lag));
  return Number(row.standbys) > 0 ? Math.max(0, Number(row.primary_lag)) : null;
}

import pg from 'pg';
import type { Database } from './database.ts';

/**
 * When the newest backup succeeded, kept where every instance can read it: the `app_settings` row
 * `last_backup_at` (an ISO time). `npm run backup` writes it after a PostgreSQL backup; the instances
 * export it as `kujiya_backup_last_success_timestamp_seconds` for the KujiyaBackupStale alert
 * (docs/operations.md, "Alerts").
 */
const LAST_BACKUP_KEY = 'last_backup_at';

/** Records a backup finished at `at` in the backed-up PostgreSQL database itself. */
export async function recordBackup(url: string, at: Date): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into app_settings (key, value) values ($1, $2)
       on conflict (key) do update set value = excluded.value`,
      [LAST_BACKUP_KEY, at.toISOString()],
    );
  } finally {
    await client.end();
  }
}

/** Unix seconds of the newest recorded backup, or null when none was recorded. */
export async function lastBackupAt(database: Pick<Database, 'executeSql'>): Promise<number | null> {
  const { rows } = await database.executeSql('select value from app_settings where key = $1', [LAST_BACKUP_KEY]);
  const millis = rows[0] ? Date.parse(String(rows[0].value)) : NaN;
  return Number.isFinite(millis) ? millis / 1000 : null;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordBackup } from '../db/backup-record.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** The value of one series without labels in a Prometheus text, or undefined when it is absent. */
function valueOf(text: string, name: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.slice(name.length + 1)) : undefined;
}

/**
 * The gauges deploy/alerts.yml reads (docs/operations.md, "Metrics" and "Alerts"): readiness and the
 * database as /readyz sees them, Redis only where it is configured, the newest recorded backup, and no
 * replication series on a database without standbys (so its alert cannot fire).
 */
describe('the alerts’ gauges', () => {
  let t: TestApp;
  const scrape = async (app: TestApp = t) => (await app.ctx.metrics.text()).body;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('reports ready and the database up, and not ready once draining', async () => {
    let text = await scrape();
    expect(valueOf(text, 'kujiya_ready')).toBe(1);
    expect(valueOf(text, 'kujiya_database_up')).toBe(1);
    // No REDIS_URL: no Redis series at all (the alert has nothing to fire on).
    expect(valueOf(text, 'kujiya_redis_up')).toBeUndefined();
    // No standby (PGlite, or PostgreSQL without replication): 0, which never fires the alert.
    expect(valueOf(text, 'kujiya_database_replication_lag_seconds')).toBe(0);
    t.services.health.startDraining();
    text = await scrape();
    expect(valueOf(text, 'kujiya_ready')).toBe(0);
    expect(valueOf(text, 'kujiya_database_up')).toBe(1);
  });

  it('reports the newest recorded backup, 0 before any', async () => {
    expect(valueOf(await scrape(), 'kujiya_backup_last_success_timestamp_seconds')).toBe(0);
    const at = new Date('2026-12-07T03:00:00.000Z');
    const url = (t.database as { url?: string }).url;
    // npm run backup records it on PostgreSQL; PGlite's backups run with the shop stopped, so write the row.
    if (url) await recordBackup(url, at);
    else
      await t.database.executeSql(`insert into app_settings (key, value) values ('last_backup_at', $1)`, [
        at.toISOString(),
      ]);
    expect(valueOf(await scrape(), 'kujiya_backup_last_success_timestamp_seconds')).toBe(at.getTime() / 1000);
    if (url) {
      const later = new Date(at.getTime() + 86_400_000);
      await recordBackup(url, later);
      expect(valueOf(await scrape(), 'kujiya_backup_last_success_timestamp_seconds')).toBe(later.getTime() / 1000);
    }
  });

  it('reports Redis down where REDIS_URL is set and nothing answers there', async () => {
    const down = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const text = await scrape(down);
      expect(valueOf(text, 'kujiya_redis_up')).toBe(0);
      // The shop works without Redis: still ready.
      expect(valueOf(text, 'kujiya_ready')).toBe(1);
    } finally {
      await down.close();
    }
  });
});

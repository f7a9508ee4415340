import type { QueueBacklog } from '../core/metrics.ts';
import { installed, JOB_SCHEMA } from './dead-letters.ts';
import type { Database } from '../db/database.ts';

/**
 * Every pg-boss queue's waiting jobs (created, or retry after a failure) and the age of the oldest,
 * in one query: what the queue gauges show at each scrape (docs/operations.md, "Metrics"). A queue
 * with nothing waiting answers 0 and 0; a database whose queue never started answers no queues.
 */
export async function readQueueBacklogs(database: Pick<Database, 'executeSql'>): Promise<QueueBacklog[]> {
  if (!(await installed(database))) return [];
  const { rows } = await database.executeSql(
    `select q.name as queue, count(j.id)::int as depth,
       coalesce(extract(epoch from now() - min(j.created_on)), 0)::float8 as oldest
     from ${JOB_SCHEMA}.queue q
     left join ${JOB_SCHEMA}.job j on j.name = q.name and j.state in ('created', 'retry')
     group by q.name order by q.name`,
    [],
  );
  return rows.map((row) => ({
    queue: String(row.queue),
    depth: Number(row.depth),
    oldestAgeSeconds: Math.max(0, Number(row.oldest)),
  }));
}

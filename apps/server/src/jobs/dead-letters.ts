import { ADMIN_PAGE_SIZE } from '@kujiya/shared';
import type { Database } from '../db/database.ts';

/** pg-boss's schema in the shop's database (docs/jobs.md). */
export const JOB_SCHEMA = 'pgboss';

/** A dead-lettered job as the back office lists it: no personal data (the error text is scrubbed). */
export interface FailedJob {
  id: string;
  name: string;
  error: string;
  failedAt: Date;
  attempts: number;
  data: string;
}

type Sql = Pick<Database, 'executeSql'>;

/** Error text without what could identify a shopper (addresses, long numbers), cut to 500 characters. */
export const scrubError = (text: string) =>
  text
    .replace(/[^\s@<>"']+@[^\s@<>"']+/g, '[email]')
    .replace(/\+?\d[\d\s-]{7,}\d/g, '[number]')
    .slice(0, 500);

/** Only the trigger of a run is kept in its data; nothing else is shown. */
const dataSummary = (data: unknown) => {
  const trigger =
    data && typeof data === 'object' && 'trigger' in data ? String((data as { trigger: unknown }).trigger) : null;
  return trigger ? `trigger: ${trigger}` : '';
};

/** Whether pg-boss has made its tables yet (never, on a database whose queue never started). */
export async function installed(database: Sql): Promise<boolean> {
  const { rows } = await database.executeSql(`select to_regclass('${JOB_SCHEMA}.job') is not null as ok`, []);
  return rows[0]?.ok === true;
}

/**
 * The dead letters: jobs in pg-boss's `failed` state (every try failed), newest first, a page of
 * ADMIN_PAGE_SIZE. Failed jobs move to pg-boss's archive after 30 days and drop out of the list.
 */
export async function listFailed(database: Sql, page: number): Promise<{ jobs: FailedJob[]; totalPages: number }> {
  if (!(await installed(database))) return { jobs: [], totalPages: 0 };
  const failed = `from ${JOB_SCHEMA}.job where state = 'failed'`;
  const { rows: counted } = await database.executeSql(`select count(*)::int as total ${failed}`, []);
  const { rows } = await database.executeSql(
    `select id, name, output, completed_on, retry_count, data ${failed} order by completed_on desc, id limit $1 offset $2`,
    [ADMIN_PAGE_SIZE, (page - 1) * ADMIN_PAGE_SIZE],
  );
  const jobs = rows.map((row) => {
    const output = row.output as { message?: unknown } | null;
    return {
      id: String(row.id),
      name: String(row.name),
      error: scrubError(typeof output?.message === 'string' ? output.message : JSON.stringify(output ?? null)),
      failedAt: new Date(row.completed_on as string),
      attempts: Number(row.retry_count) + 1,
      data: dataSummary(row.data),
    };
  });
  return { jobs, totalPages: Math.ceil(Number(counted[0]?.total ?? 0) / ADMIN_PAGE_SIZE) };
}

/** The job name of a dead letter, or undefined when `id` is no failed job. */
export async function failedJobName(database: Sql, id: string): Promise<string | undefined> {
  if (!(await installed(database))) return undefined;
  const { rows } = await database.executeSql(`select name from ${JOB_SCHEMA}.job where id = $1 and state = 'failed'`, [
    id,
  ]);
  return rows[0]?.name as string | undefined;
}

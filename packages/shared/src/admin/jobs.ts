import { z } from 'zod';
import { idSchema } from '../common/ids.ts';
import { pageParam } from './paging.ts';

/**
 * The background jobs' dead letters (docs/jobs.md, docs/rules/back-office.md): runs that failed
 * every try, newest first, for the owner to read and retry. No personal data: the error text is
 * scrubbed and the data is only what started the run.
 */

/** `GET /api/admin/jobs/failed?page` */
export const failedJobsQuerySchema = z.object({ page: pageParam });

export const failedJobSchema = z.object({
  id: z.string(),
  /** The job's name (docs/jobs.md), e.g. `courier`. */
  name: z.string(),
  error: z.string(),
  /** ISO time of the last failed try. */
  failedAt: z.string(),
  /** Tries made, the first included. */
  attempts: z.number().int(),
  /** What started the run (`trigger: schedule`), without personal data. */
  data: z.string(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

export const failedJobsResponseSchema = z.object({ jobs: z.array(failedJobSchema), totalPages: z.number().int() });
export type FailedJobsResponse = z.infer<typeof failedJobsResponseSchema>;

/** `POST /api/admin/jobs/{id}/retry` */
export const jobIdParamsSchema = z.object({ id: idSchema('id') });

export const retryJobResponseSchema = z.object({ id: z.string(), name: z.string(), state: z.literal('retry') });
export type RetryJobResponse = z.infer<typeof retryJobResponseSchema>;

export const jobMessages = {
  notFound: 'Failed job not found',
} as const;

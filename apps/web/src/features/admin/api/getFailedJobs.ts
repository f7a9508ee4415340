import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { failedJobsResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/admin/jobs/failed?page (owners): the background jobs that failed every try. */
export const getFailedJobs = (page: number) =>
  api(`/api/admin/jobs/failed?page=${page}`, { auth: 'admin', schema: failedJobsResponseSchema });

export const failedJobsQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'jobs', 'failed', page],
    queryFn: () => getFailedJobs(page),
    placeholderData: keepPreviousData,
  });

export const useFailedJobs = (page: number) => useQuery(failedJobsQuery(page));

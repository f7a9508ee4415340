import {
  failedJobsQuerySchema,
  failedJobsResponseSchema,
  jobIdParamsSchema,
  retryJobResponseSchema,
} from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';

/** The background jobs' dead letters and their retry (owners only: docs/rules/back-office.md, docs/jobs.md). */
export const jobsRoutes: ModuleRoutes = (app, { ctx, services }) => {
  app.get(
    '/admin/jobs/failed',
    {
      onRequest: ctx.guards.requireAdmin,
      schema: { querystring: failedJobsQuerySchema, response: { 200: failedJobsResponseSchema } },
    },
    async (request) => services.jobsAdmin.listFailed(request.query.page),
  );

  app.post(
    '/admin/jobs/:id/retry',
    {
      onRequest: ctx.guards.requireAdmin,
      schema: { params: jobIdParamsSchema, response: { 200: retryJobResponseSchema } },
    },
    async (request) => services.jobsAdmin.retry(request.admin!, request.params.id),
  );
};

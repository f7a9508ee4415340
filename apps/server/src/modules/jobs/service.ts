import { jobMessages, type FailedJobsResponse, type RetryJobResponse } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Principal } from '../../core/auth.ts';
import { notFound } from '../../core/http-errors.ts';
import type { AuditService } from '../audit/service.ts';

/**
 * The background jobs in the back office (docs/jobs.md, owners only: docs/rules/back-office.md):
 * the dead letters, and a retry that puts one back in its queue, recorded in the audit log.
 */
export function createJobsAdminService(ctx: AppContext, deps: { audit: AuditService }) {
  return {
    async listFailed(page: number): Promise<FailedJobsResponse> {
      const { jobs, totalPages } = await ctx.jobs.listFailed(page);
      return { jobs: jobs.map((job) => ({ ...job, failedAt: job.failedAt.toISOString() })), totalPages };
    },

    async retry(admin: Principal, id: string): Promise<RetryJobResponse> {
      const retried = await ctx.jobs.retry(id);
      if (!retried) throw notFound(jobMessages.notFound);
      await deps.audit.record(ctx.db, {
        admin,
        action: 'job.retry',
        entityType: 'job',
        entityId: id,
        before: { name: retried.name, state: 'failed' },
        after: { name: retried.name, state: 'retry' },
      });
      return { id, name: retried.name, state: 'retry' };
    },
  };
}

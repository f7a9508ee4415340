import { useState } from 'react';
import type { FailedJob } from '@kujiya/shared';
import { serverMessageOf } from '../../../lib/api-client';
import { formatSgDateTime } from '@kujiya/shared';
import { useFailedJobs } from '../api/getFailedJobs';
import { useRetryJob } from '../api/retryJob';
import { AdminTable, type AdminColumn } from './table/AdminTable';

/**
 * /admin/jobs (owners): the background jobs that failed every try (docs/jobs.md), newest first,
 * each with its error and a Retry button that puts it back in its queue (recorded in the audit log).
 */
export function JobsPage() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useFailedJobs(page);
  const retry = useRetryJob();

  const columns: AdminColumn<FailedJob>[] = [
    { key: 'failedAt', header: 'Failed', render: (job) => formatSgDateTime(job.failedAt) },
    { key: 'name', header: 'Job', render: (job) => <code>{job.name}</code> },
    { key: 'error', header: 'Error', render: (job) => <span className="admin-wrap">{job.error}</span> },
    { key: 'attempts', header: 'Tries', render: (job) => job.attempts },
    { key: 'data', header: 'Started by', render: (job) => job.data || '—' },
    {
      key: 'retry',
      header: 'Action',
      render: (job) => (
        <button
          type="button"
          className="btn btn--primary"
          disabled={retry.isPending}
          onClick={() => retry.mutate(job.id)}
          aria-label={`Retry ${job.name} ${job.id}`}
        >
          Retry
        </button>
      ),
    },
  ];

  return (
    <main className="admin-page admin-page--wide">
      <h1 className="admin-title">Background Jobs</h1>
      <p>Jobs that failed every try. Retry one once its cause is fixed: it runs again at once.</p>
      {retry.error && (
        <p className="field-error" role="alert">
          {serverMessageOf(retry.error) ?? 'The job could not be retried.'}
        </p>
      )}
      <AdminTable
        label="Failed jobs"
        columns={columns}
        rows={data?.jobs}
        rowKey={(job) => job.id}
        isLoading={isLoading}
        error={error}
        page={page}
        totalPages={Math.max(1, data?.totalPages ?? 1)}
        onPageChange={setPage}
        emptyText="No failed jobs."
      />
    </main>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { retryJobResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/admin/jobs/{id}/retry (owners): the failed job goes back in its queue for one more try. */
export const retryJob = (id: string) =>
  api(`/api/admin/jobs/${id}/retry`, { method: 'POST', auth: 'admin', schema: retryJobResponseSchema });

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: retryJob, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }) });
}

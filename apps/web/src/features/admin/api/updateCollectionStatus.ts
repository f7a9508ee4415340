import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminMessageSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** PUT /api/admin/selfcollect/{id}/status */
export const updateCollectionStatus = (id: string, status: 'completed' | 'cancelled') =>
  api(`/api/admin/selfcollect/${encodeURIComponent(id)}/status`, {
    method: 'PUT',
    body: { status },
    auth: 'admin',
    schema: adminMessageSchema,
  });

export function useUpdateCollectionStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'completed' | 'cancelled' }) =>
      updateCollectionStatus(id, status),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

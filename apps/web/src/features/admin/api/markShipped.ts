import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminMessageSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** PUT /api/admin/shipments/{id}/shipped */
export const markShipped = (id: string) =>
  api(`/api/admin/shipments/${encodeURIComponent(id)}/shipped`, {
    method: 'PUT',
    auth: 'admin',
    schema: adminMessageSchema,
  });

export function useMarkShipped() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markShipped,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminAvailabilityResponseSchema, type AdminAvailabilityRequest } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** PUT /api/admin/products/{id}/availability */
export const updateAvailability = (id: string, body: AdminAvailabilityRequest) =>
  api(`/api/admin/products/${encodeURIComponent(id)}/availability`, {
    method: 'PUT',
    body,
    auth: 'admin',
    schema: adminAvailabilityResponseSchema,
  });

export function useUpdateAvailability(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminAvailabilityRequest) => updateAvailability(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

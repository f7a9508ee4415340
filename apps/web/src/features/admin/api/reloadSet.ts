import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminReloadResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/admin/products/{id}/reload: Reload Set (a new round with a new commitment). */
export const reloadSet = (id: string) =>
  api(`/api/admin/products/${encodeURIComponent(id)}/reload`, {
    method: 'POST',
    auth: 'admin',
    schema: adminReloadResponseSchema,
  });

export function useReloadSet(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => reloadSet(id),
    // Not awaited: the refetch brings a new round, which remounts the editor, and a caller's own
    // onSuccess (its notice) would not run once the editor that called it is gone.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

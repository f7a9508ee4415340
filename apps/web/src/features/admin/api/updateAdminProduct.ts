import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminProductSchema, type AdminProductUpdate } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** PUT /api/admin/products/{id}: the editable payload (with `reload` for save and reload). */
export const updateAdminProduct = (id: string, body: AdminProductUpdate) =>
  api(`/api/admin/products/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    auth: 'admin',
    schema: adminProductSchema,
  });

export function useUpdateAdminProduct(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminProductUpdate) => updateAdminProduct(id, body),
    onSuccess: (product) => {
      queryClient.setQueryData(['admin', 'product', id], product);
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

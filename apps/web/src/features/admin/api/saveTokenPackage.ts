import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminTokenPackageSchema, type TokenPackageInput } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/admin/token-packages (new) or PUT /api/admin/token-packages/{packageId} (edit). */
export function saveTokenPackage({ id, input }: { id?: string; input: TokenPackageInput }) {
  return id
    ? api(`/api/admin/token-packages/${id}`, {
        method: 'PUT',
        body: input,
        auth: 'admin',
        schema: adminTokenPackageSchema,
      })
    : api('/api/admin/token-packages', { method: 'POST', body: input, auth: 'admin', schema: adminTokenPackageSchema });
}
export function useSaveTokenPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTokenPackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

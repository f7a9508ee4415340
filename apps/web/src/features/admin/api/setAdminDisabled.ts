import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminAccountSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/admin/admins/{adminId}/disable or /enable. */
export const setAdminDisabled = ({ id, disabled }: { id: string; disabled: boolean }) =>
  api(`/api/admin/admins/${id}/${disabled ? 'disable' : 'enable'}`, {
    method: 'POST',
    auth: 'admin',
    schema: adminAccountSchema,
  });
export function useSetAdminDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAdminDisabled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

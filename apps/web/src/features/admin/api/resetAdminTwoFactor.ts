import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shopOpsMessageResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** DELETE /api/admin/admins/{adminId}/2fa: another owner clears an admin's two-factor sign-in (audited). */
export const resetAdminTwoFactor = (adminId: string) =>
  api(`/api/admin/admins/${adminId}/2fa`, { method: 'DELETE', auth: 'admin', schema: shopOpsMessageResponseSchema });
export function useResetAdminTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetAdminTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

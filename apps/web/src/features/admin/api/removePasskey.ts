import { useMutation, useQueryClient } from '@tanstack/react-query';
import { twoFactorStatusSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** DELETE /api/admin/2fa/passkeys/{passkeyId} → the status without it. */
export const removePasskey = (passkeyId: string) =>
  api(`/api/admin/2fa/passkeys/${passkeyId}`, { method: 'DELETE', auth: 'admin', schema: twoFactorStatusSchema });
export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSuccess: (status) => queryClient.setQueryData(['admin', 'two-factor'], status),
  });
}

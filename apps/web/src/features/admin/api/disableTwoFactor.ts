import { useMutation, useQueryClient } from '@tanstack/react-query';
import { twoFactorStatusSchema, type TwoFactorCodeRequest } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/admin/2fa/disable `{code}`: turns the authenticator app off (a current or recovery code). */
export const disableTwoFactor = (body: TwoFactorCodeRequest) =>
  api('/api/admin/2fa/disable', { method: 'POST', body, auth: 'admin', schema: twoFactorStatusSchema });
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: (status) => queryClient.setQueryData(['admin', 'two-factor'], status),
  });
}

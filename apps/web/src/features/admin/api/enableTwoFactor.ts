import { useMutation, useQueryClient } from '@tanstack/react-query';
import { twoFactorEnableResponseSchema, type TwoFactorCodeRequest } from '@kujiya/shared';
import { api } from '../../../lib/api-client';
import { adminSession } from '../admin-session';

/** POST /api/admin/2fa/enable `{code}` → the recovery codes (and a full token after an enrolment-only login). */
export const enableTwoFactor = (body: TwoFactorCodeRequest) =>
  api('/api/admin/2fa/enable', { method: 'POST', body, auth: 'admin', schema: twoFactorEnableResponseSchema });
export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: (answer) => {
      if (answer.token) adminSession.set(answer.token);
      return queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

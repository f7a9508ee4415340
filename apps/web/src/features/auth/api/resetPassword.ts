import { useMutation } from '@tanstack/react-query';
import { type MessageResponse, messageResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/users/reset-password/{token}: the e-mailed link's token sets a new password (single use). */
export function resetPassword({ token, password }: { token: string; password: string }): Promise<MessageResponse> {
  return api(`/api/users/reset-password/${encodeURIComponent(token)}`, {
    method: 'POST',
    body: { password },
    auth: 'none',
    schema: messageResponseSchema,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

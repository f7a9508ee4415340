import { useMutation } from '@tanstack/react-query';
import { type ChangePasswordRequest, type MessageResponse, messageResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/users/change-password: the code path of recovery, with the `resetToken` /verify answered. */
export function changePassword(request: ChangePasswordRequest): Promise<MessageResponse> {
  return api('/api/users/change-password', {
    method: 'POST',
    body: request,
    auth: 'none',
    schema: messageResponseSchema,
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

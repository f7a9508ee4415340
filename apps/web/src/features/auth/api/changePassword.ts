import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest, MessageResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/users/change-password: the code path of recovery, with the `resetToken` /verify answered. */
export function changePassword(request: ChangePasswordRequest): Promise<MessageResponse> {
  return api<MessageResponse>('/api/users/change-password', { method: 'POST', body: request, auth: 'none' });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

import { useMutation } from '@tanstack/react-query';
import { type MessageResponse, messageResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/users/forgot-password: e-mails a reset link valid 1 hour. */
export function forgotPassword(email: string): Promise<MessageResponse> {
  return api('/api/users/forgot-password', {
    method: 'POST',
    body: { email },
    auth: 'none',
    schema: messageResponseSchema,
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

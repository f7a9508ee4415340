import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** DELETE /api/users/delete-account: cancels the pending request; nothing else changes. */
export const cancelAccountDeletion = () =>
  api('/api/users/delete-account', { method: 'DELETE', schema: messageResponseSchema });

export function useCancelAccountDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAccountDeletion,
    onSuccess: () => queryClient.setQueryData(['users', 'delete-account'], { deletion: null }),
  });
}

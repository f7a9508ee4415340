import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountDeletionStatusSchema, type DeleteAccountRequest } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/users/delete-account {password}: starts the cooling-off period (docs/rules/personal-data.md). */
export const requestAccountDeletion = (body: DeleteAccountRequest) =>
  api('/api/users/delete-account', { method: 'POST', body, schema: accountDeletionStatusSchema });

export function useRequestAccountDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestAccountDeletion,
    onSuccess: (answer) => queryClient.setQueryData(['users', 'delete-account'], answer),
  });
}

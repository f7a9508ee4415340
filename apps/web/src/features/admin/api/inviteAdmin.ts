import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminAccountSchema, type InviteAdminRequest } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/admin/admins: a new admin, who gets a set-password link by e-mail. */
export const inviteAdmin = (input: InviteAdminRequest) =>
  api('/api/admin/admins', { method: 'POST', body: input, auth: 'admin', schema: adminAccountSchema });
export function useInviteAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'admins'] }),
  });
}

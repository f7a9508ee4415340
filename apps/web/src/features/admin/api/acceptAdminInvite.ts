import { useMutation } from '@tanstack/react-query';
import { shopOpsMessageResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/admin/invitations/accept: an invited admin sets their password with the mailed link. */
export const acceptAdminInvite = (input: { token: string; password: string }) =>
  api('/api/admin/invitations/accept', {
    method: 'POST',
    body: input,
    auth: 'none',
    schema: shopOpsMessageResponseSchema,
  });
export const useAcceptAdminInvite = () => useMutation({ mutationFn: acceptAdminInvite });

import { useMutation } from '@tanstack/react-query';
import { adminLoginResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/admin/password: the admin's own password; answers a fresh token (other sessions end). */
export const changeAdminPassword = (input: { currentPassword: string; newPassword: string }) =>
  api('/api/admin/password', { method: 'POST', body: input, auth: 'admin', schema: adminLoginResponseSchema });
export const useChangeAdminPassword = () => useMutation({ mutationFn: changeAdminPassword });

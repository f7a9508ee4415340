import { useMutation } from '@tanstack/react-query';
import { type AdminLoginRequest, type AdminLoginResponse, adminLoginResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/admin/login → a token with role admin and an expiry. */
export function adminLogin(request: AdminLoginRequest): Promise<AdminLoginResponse> {
  return api('/api/admin/login', { method: 'POST', body: request, auth: 'none', schema: adminLoginResponseSchema });
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin });
}

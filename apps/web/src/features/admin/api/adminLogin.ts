import { useMutation } from '@tanstack/react-query';
import type { AdminLoginRequest, AdminLoginResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/admin/login → a token with role admin and an expiry. */
export function adminLogin(request: AdminLoginRequest): Promise<AdminLoginResponse> {
  return api<AdminLoginResponse>('/api/admin/login', { method: 'POST', body: request, auth: 'none' });
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin });
}

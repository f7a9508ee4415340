import { useMutation } from '@tanstack/react-query';
import { type AuthResponse, authResponseSchema, type LoginRequest } from '@kujiya/shared';
import { api } from '../../../lib/api-client';
import { deviceIdHeaders } from '../../../lib/device-id';

/** POST /api/users/login (`username` is the username or the e-mail). */
export function login(request: LoginRequest): Promise<AuthResponse> {
  return api('/api/users/login', {
    method: 'POST',
    body: request,
    auth: 'none',
    headers: deviceIdHeaders(),
    schema: authResponseSchema,
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

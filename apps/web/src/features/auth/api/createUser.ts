import { useMutation } from '@tanstack/react-query';
import { type AuthResponse, authResponseSchema, type CreateUserRequest } from '@kujiya/shared';
import { api } from '../../../lib/api-client';
import { deviceIdHeaders } from '../../../lib/device-id';

/** POST /api/users/create: only for an e-mail verified by a code within the last hour. E-mail lowercased. */
export function createUser(request: CreateUserRequest): Promise<AuthResponse> {
  return api('/api/users/create', {
    method: 'POST',
    body: { ...request, email: request.email.trim().toLowerCase() },
    auth: 'none',
    headers: deviceIdHeaders(),
    schema: authResponseSchema,
  });
}

export function useCreateUser() {
  return useMutation({ mutationFn: createUser });
}

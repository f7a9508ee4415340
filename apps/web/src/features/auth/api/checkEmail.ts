import { checkEmailResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/users/check-email: OK means the address is free; 409 means an account already has it. */
export function checkEmail(email: string): Promise<{ available: true }> {
  return api('/api/users/check-email', {
    method: 'POST',
    body: { email },
    auth: 'none',
    schema: checkEmailResponseSchema,
  });
}

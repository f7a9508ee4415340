import { type CreateVerificationRequest, type MessageResponse, messageResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/verification/create: e-mails a 6-digit code valid 15 minutes (for sign-up or recovery). */
export function createVerification(request: CreateVerificationRequest): Promise<MessageResponse> {
  return api('/api/verification/create', {
    method: 'POST',
    body: request,
    auth: 'none',
    schema: messageResponseSchema,
  });
}

import { useMutation } from '@tanstack/react-query';
import type { CreateVerificationRequest, MessageResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/verification/create: e-mails a 6-digit code valid 15 minutes (for sign-up or recovery). */
export function createVerification(request: CreateVerificationRequest): Promise<MessageResponse> {
  return api<MessageResponse>('/api/verification/create', { method: 'POST', body: request, auth: 'none' });
}

export function useCreateVerification() {
  return useMutation({ mutationFn: createVerification });
}

import { useMutation } from '@tanstack/react-query';
import type { CreateTokenIntentRequest, CreateTokenIntentResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/payment/token/create-intent: starts paying for a token package. */
export function createTokenIntent(request: CreateTokenIntentRequest): Promise<CreateTokenIntentResponse> {
  return api<CreateTokenIntentResponse>('/api/payment/token/create-intent', { method: 'POST', body: request });
}

export function useCreateTokenIntent() {
  return useMutation({ mutationFn: createTokenIntent });
}

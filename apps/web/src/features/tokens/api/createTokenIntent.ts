import { useMutation } from '@tanstack/react-query';
import {
  type CreateTokenIntentRequest,
  type CreateTokenIntentResponse,
  createTokenIntentResponseSchema,
} from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/payment/token/create-intent: starts paying for a token package. */
export function createTokenIntent(request: CreateTokenIntentRequest): Promise<CreateTokenIntentResponse> {
  return api('/api/payment/token/create-intent', {
    method: 'POST',
    idempotent: true,
    body: request,
    schema: createTokenIntentResponseSchema,
  });
}

export function useCreateTokenIntent() {
  return useMutation({ mutationFn: createTokenIntent });
}

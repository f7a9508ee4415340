import { useMutation } from '@tanstack/react-query';
import { kujiIntentResponseSchema, type KujiIntentRequest, type KujiIntentResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/payment/kuji/create-intent: reserves the tickets and starts a card payment for them. */
export async function createKujiIntent(request: KujiIntentRequest): Promise<KujiIntentResponse> {
  return kujiIntentResponseSchema.parse(await api<unknown>('/api/payment/kuji/create-intent', { method: 'POST', body: request }));
}

export function useCreateKujiIntent() {
  return useMutation({ mutationFn: createKujiIntent });
}

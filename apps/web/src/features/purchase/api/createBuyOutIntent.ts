import { useMutation } from '@tanstack/react-query';
import { kujiIntentResponseSchema, type KujiBuyOutRequest, type KujiIntentResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/payment/kuji/buy-out: reserves every ticket left and puts the round on hold. */
export async function createBuyOutIntent(request: KujiBuyOutRequest): Promise<KujiIntentResponse> {
  return kujiIntentResponseSchema.parse(await api<unknown>('/api/payment/kuji/buy-out', { method: 'POST', body: request }));
}

export function useCreateBuyOutIntent() {
  return useMutation({ mutationFn: createBuyOutIntent });
}

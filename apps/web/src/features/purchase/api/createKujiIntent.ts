import { type KujiIntentRequest, type KujiIntentResponse, kujiIntentResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/payment/kuji/create-intent: reserves the tickets and starts a card payment for them. */
export async function createKujiIntent(request: KujiIntentRequest): Promise<KujiIntentResponse> {
  return api('/api/payment/kuji/create-intent', {
    method: 'POST',
    idempotent: true,
    body: request,
    schema: kujiIntentResponseSchema,
  });
}

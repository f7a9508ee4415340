import { type KujiBuyOutRequest, type KujiIntentResponse, kujiIntentResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/payment/kuji/buy-out: reserves every ticket left and puts the round on hold. */
export async function createBuyOutIntent(request: KujiBuyOutRequest): Promise<KujiIntentResponse> {
  return api('/api/payment/kuji/buy-out', {
    method: 'POST',
    idempotent: true,
    body: request,
    schema: kujiIntentResponseSchema,
  });
}

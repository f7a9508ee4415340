import { type CheckTicketsRequest, type CheckTicketsResponse, checkTicketsResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/kuji/check-tickets: whether the reserved tickets can still be paid for (sent with the bearer token). */
export async function checkTickets(request: CheckTicketsRequest): Promise<CheckTicketsResponse> {
  return api('/api/kuji/check-tickets', { method: 'POST', body: request, schema: checkTicketsResponseSchema });
}

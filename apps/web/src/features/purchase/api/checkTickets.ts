import { useMutation } from '@tanstack/react-query';
import { checkTicketsResponseSchema, type CheckTicketsRequest, type CheckTicketsResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/kuji/check-tickets: whether the reserved tickets can still be paid for (sent with the bearer token). */
export async function checkTickets(request: CheckTicketsRequest): Promise<CheckTicketsResponse> {
  return checkTicketsResponseSchema.parse(await api<unknown>('/api/kuji/check-tickets', { method: 'POST', body: request }));
}

export function useCheckTickets() {
  return useMutation({ mutationFn: checkTickets });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type TokenPaymentStatusResponse,
  tokenPaymentStatusResponseSchema,
  isFinalPaymentStatus,
} from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/token/payment-status/{paymentIntentId}: read-only; the server learns the outcome from the gateway's webhook. */
export function getTokenPaymentStatus(paymentIntentId: string): Promise<TokenPaymentStatusResponse> {
  return api(`/api/token/payment-status/${encodeURIComponent(paymentIntentId)}`, {
    schema: tokenPaymentStatusResponseSchema,
  });
}

/** Polling interval of the payment status (docs/rules/tokens.md). */
export const PAYMENT_STATUS_POLL_MS = 2000;

export const tokenPaymentStatusQuery = (paymentIntentId: string) =>
  queryOptions({
    queryKey: ['token', 'payment-status', paymentIntentId],
    queryFn: () => getTokenPaymentStatus(paymentIntentId),
    staleTime: 0,
  });

/** Polls every 2 s while `enabled`, until the payment succeeded (or ended otherwise). */
export function useTokenPaymentStatus(paymentIntentId: string, enabled: boolean) {
  return useQuery({
    ...tokenPaymentStatusQuery(paymentIntentId),
    enabled,
    refetchInterval: (query) => {
      const status = query.state.data?.paymentStatus;
      return status && isFinalPaymentStatus(status) ? false : PAYMENT_STATUS_POLL_MS;
    },
  });
}

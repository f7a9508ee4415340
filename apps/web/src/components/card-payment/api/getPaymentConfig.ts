import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PaymentConfig, paymentConfigSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/payment/config: which card gateway runs (Stripe or the test gateway) and Stripe's publishable key. */
export function getPaymentConfig(): Promise<PaymentConfig> {
  return api('/api/payment/config', { auth: 'none', schema: paymentConfigSchema });
}

export const paymentConfigQuery = () =>
  queryOptions({ queryKey: ['payment', 'config'], queryFn: getPaymentConfig, staleTime: Infinity });

export function usePaymentConfig() {
  return useQuery(paymentConfigQuery());
}

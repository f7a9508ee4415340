import { useMutation } from '@tanstack/react-query';
import type { TestGatewayConfirmRequest, TestGatewayConfirmResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/test-gateway/confirm: the test gateway takes the card (its stand-in for Stripe.js). */
export function confirmTestPayment(request: TestGatewayConfirmRequest): Promise<TestGatewayConfirmResponse> {
  return api<TestGatewayConfirmResponse>('/api/test-gateway/confirm', { method: 'POST', body: request, auth: 'none' });
}

export function useConfirmTestPayment() {
  return useMutation({ mutationFn: confirmTestPayment });
}

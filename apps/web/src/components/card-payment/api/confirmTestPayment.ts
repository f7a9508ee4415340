import { useMutation } from '@tanstack/react-query';
import {
  type TestGatewayConfirmRequest,
  type TestGatewayConfirmResponse,
  testGatewayConfirmResponseSchema,
} from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/test-gateway/confirm: the test gateway takes the card (its stand-in for Stripe.js). */
export function confirmTestPayment(request: TestGatewayConfirmRequest): Promise<TestGatewayConfirmResponse> {
  return api('/api/test-gateway/confirm', {
    method: 'POST',
    body: request,
    auth: 'none',
    schema: testGatewayConfirmResponseSchema,
  });
}

export function useConfirmTestPayment() {
  return useMutation({ mutationFn: confirmTestPayment });
}

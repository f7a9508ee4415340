import { useMutation } from '@tanstack/react-query';
import {
  createShippingIntentResponseSchema,
  type CreateShippingIntentRequest,
  type CreateShippingIntentResponse,
} from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/payment/shipping/create-intent: an unpaid shipment holding the chosen units, and its card payment. */
export function createShippingIntent(request: CreateShippingIntentRequest): Promise<CreateShippingIntentResponse> {
  return api('/api/payment/shipping/create-intent', {
    method: 'POST',
    idempotent: true,
    body: request,
    schema: createShippingIntentResponseSchema,
  });
}

export function useCreateShippingIntent() {
  return useMutation({ mutationFn: createShippingIntent });
}

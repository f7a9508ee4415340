import { useMutation } from '@tanstack/react-query';
import { orderSelfCollectResponseSchema, type OrderSelfCollectResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/order/self-collect/{orderId}: the paid order's units that can be collected now. */
export function getOrderCollectableItems(orderId: string): Promise<OrderSelfCollectResponse> {
  return api(`/api/order/self-collect/${encodeURIComponent(orderId)}`, {
    method: 'POST',
    schema: orderSelfCollectResponseSchema,
  });
}

export function useOrderCollectableItems() {
  return useMutation({ mutationFn: getOrderCollectableItems });
}

import { type OrderPrizesResponse, orderPrizesResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/order/get-prizes/{orderId}: the ranks the order won (after the draw is shown). */
export async function getOrderPrizes(orderId: string): Promise<OrderPrizesResponse> {
  return api(`/api/order/get-prizes/${encodeURIComponent(orderId)}`, { schema: orderPrizesResponseSchema });
}

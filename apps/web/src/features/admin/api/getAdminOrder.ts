import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminOrderDetailSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/admin/orders/{orderId}: the order with its draws, payment, refunds, receipt and shopper. */
export const getAdminOrder = (orderId: string) =>
  api(`/api/admin/orders/${encodeURIComponent(orderId)}`, { auth: 'admin', schema: adminOrderDetailSchema });

export const adminOrderQuery = (orderId: string) =>
  queryOptions({ queryKey: ['admin', 'order', orderId], queryFn: () => getAdminOrder(orderId) });

export const useAdminOrder = (orderId: string) => useQuery(adminOrderQuery(orderId));

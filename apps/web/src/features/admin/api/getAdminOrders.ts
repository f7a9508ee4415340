import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminOrdersResponseSchema, type AdminOrdersQuery } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/admin/orders?page&search&lottery&paid */
export const getAdminOrders = (query: AdminOrdersQuery) =>
  api(`/api/admin/orders?${new URLSearchParams({ ...query, page: String(query.page) })}`, {
    auth: 'admin',
    schema: adminOrdersResponseSchema,
  });

export const adminOrdersQuery = (query: AdminOrdersQuery) =>
  queryOptions({
    queryKey: ['admin', 'orders', query],
    queryFn: () => getAdminOrders(query),
    placeholderData: keepPreviousData,
  });

export const useAdminOrders = (query: AdminOrdersQuery) => useQuery(adminOrdersQuery(query));

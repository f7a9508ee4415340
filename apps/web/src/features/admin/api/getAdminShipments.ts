import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminShipmentsResponseSchema, type AdminShipmentsQuery } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/admin/shipments?page&search&status */
export const getAdminShipments = (query: AdminShipmentsQuery) =>
  api(`/api/admin/shipments?${new URLSearchParams({ ...query, page: String(query.page) })}`, {
    auth: 'admin',
    schema: adminShipmentsResponseSchema,
  });

export const adminShipmentsQuery = (query: AdminShipmentsQuery) =>
  queryOptions({
    queryKey: ['admin', 'shipments', query],
    queryFn: () => getAdminShipments(query),
    placeholderData: keepPreviousData,
  });

export const useAdminShipments = (query: AdminShipmentsQuery) => useQuery(adminShipmentsQuery(query));

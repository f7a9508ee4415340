import { queryOptions, useQuery } from '@tanstack/react-query';
import { shopperDetailSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/admin/shoppers/{shopperId}: the shopper's whole record. */
export const fetchAdminShopper = (id: string) =>
  api(`/api/admin/shoppers/${id}`, { auth: 'admin', schema: shopperDetailSchema });
export const adminShopperQuery = (id: string) =>
  queryOptions({ queryKey: ['admin', 'shoppers', 'detail', id], queryFn: () => fetchAdminShopper(id) });
export const useAdminShopper = (id: string) => useQuery(adminShopperQuery(id));

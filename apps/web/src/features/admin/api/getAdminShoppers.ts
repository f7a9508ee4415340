import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { shopperSearchResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/admin/shoppers?q&page: shoppers by username or e-mail, a page at a time. */
export const fetchAdminShoppers = (q: string, page: number) =>
  api(`/api/admin/shoppers?${new URLSearchParams({ q, page: String(page) })}`, {
    auth: 'admin',
    schema: shopperSearchResponseSchema,
  });
export const adminShoppersQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: ['admin', 'shoppers', q, page],
    queryFn: () => fetchAdminShoppers(q, page),
    placeholderData: keepPreviousData,
  });
export const useAdminShoppers = (q: string, page: number) => useQuery(adminShoppersQuery(q, page));

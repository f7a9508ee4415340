import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminCollectionsResponseSchema, type AdminCollectionsQuery } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/admin/selfcollect?page&search&status */
export const getAdminCollections = (query: AdminCollectionsQuery) =>
  api(`/api/admin/selfcollect?${new URLSearchParams({ ...query, page: String(query.page) })}`, {
    auth: 'admin',
    schema: adminCollectionsResponseSchema,
  });

export const adminCollectionsQuery = (query: AdminCollectionsQuery) =>
  queryOptions({
    queryKey: ['admin', 'collections', query],
    queryFn: () => getAdminCollections(query),
    placeholderData: keepPreviousData,
  });

export const useAdminCollections = (query: AdminCollectionsQuery) => useQuery(adminCollectionsQuery(query));

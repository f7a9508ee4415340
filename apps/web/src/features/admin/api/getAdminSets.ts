import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminSetsResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/admin/sets?page&search */
export const getAdminSets = (page: number, search: string) =>
  api(`/api/admin/sets?${new URLSearchParams({ page: String(page), search })}`, {
    auth: 'admin',
    schema: adminSetsResponseSchema,
  });

export const adminSetsQuery = (page: number, search: string) =>
  queryOptions({
    queryKey: ['admin', 'sets', page, search],
    queryFn: () => getAdminSets(page, search),
    placeholderData: keepPreviousData,
  });

export const useAdminSets = (page: number, search: string) => useQuery(adminSetsQuery(page, search));

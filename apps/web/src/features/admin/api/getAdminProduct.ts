import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminProductSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/admin/products/{id} */
export const getAdminProduct = (id: string) =>
  api(`/api/admin/products/${encodeURIComponent(id)}`, { auth: 'admin', schema: adminProductSchema });

export const adminProductQuery = (id: string) =>
  queryOptions({ queryKey: ['admin', 'product', id], queryFn: () => getAdminProduct(id) });

export const useAdminProduct = (id: string) => useQuery(adminProductQuery(id));

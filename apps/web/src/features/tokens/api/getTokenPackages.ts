import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TokenPackagesResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/token/packages: the token packages on sale. */
export function getTokenPackages(): Promise<TokenPackagesResponse> {
  return api<TokenPackagesResponse>('/api/token/packages', { auth: 'none' });
}

export const tokenPackagesQuery = () => queryOptions({ queryKey: ['token-packages'], queryFn: getTokenPackages });

export function useTokenPackages() {
  return useQuery(tokenPackagesQuery());
}

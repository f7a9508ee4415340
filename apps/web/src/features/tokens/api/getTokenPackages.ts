import { queryOptions, useQuery } from '@tanstack/react-query';
import { type TokenPackagesResponse, tokenPackagesResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/token/packages: the token packages on sale. */
export function getTokenPackages(): Promise<TokenPackagesResponse> {
  return api('/api/token/packages', { auth: 'none', schema: tokenPackagesResponseSchema });
}

export const tokenPackagesQuery = () => queryOptions({ queryKey: ['token-packages'], queryFn: getTokenPackages });

export function useTokenPackages() {
  return useQuery(tokenPackagesQuery());
}

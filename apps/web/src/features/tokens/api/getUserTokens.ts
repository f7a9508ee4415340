import { queryOptions, useQuery } from '@tanstack/react-query';
import { type UserTokensResponse, userTokensResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';
import { tokenQueryKey } from '../../../lib/query-keys';

/** GET /api/token/user-tokens: the shopper's active and expired token lots. */
export function getUserTokens(): Promise<UserTokensResponse> {
  return api('/api/token/user-tokens', { schema: userTokensResponseSchema });
}

export const userTokensQuery = (username: string | null) =>
  queryOptions({ queryKey: [...tokenQueryKey, 'user-tokens', username], queryFn: getUserTokens, staleTime: 0 });

export function useUserTokens(username: string | null) {
  return useQuery({ ...userTokensQuery(username), enabled: Boolean(username) });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { type TokenBalanceResponse, tokenBalanceResponseSchema } from '@kujiya/shared';
import { api } from '../api-client';
import { tokenQueryKey } from '../query-keys';

/** GET /api/token/balance: the logged-in shopper's unexpired tokens. */
export function getTokenBalance(): Promise<TokenBalanceResponse> {
  return api('/api/token/balance', { schema: tokenBalanceResponseSchema });
}

export const tokenBalanceQuery = (username: string | null) =>
  queryOptions({ queryKey: [...tokenQueryKey, 'balance', username], queryFn: getTokenBalance });

export function useTokenBalance(username: string | null) {
  return useQuery({ ...tokenBalanceQuery(username), enabled: Boolean(username) });
}

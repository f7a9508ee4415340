import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserDetails } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/users/details/{username}: the shopper's own phone number and shipping address. */
export function getUserDetails(username: string): Promise<UserDetails> {
  return api<UserDetails>(`/api/users/details/${encodeURIComponent(username)}`);
}

export const userDetailsQuery = (username: string) =>
  queryOptions({ queryKey: ['users', 'details', username], queryFn: () => getUserDetails(username) });

export function useUserDetails(username: string | null) {
  return useQuery({ ...userDetailsQuery(username ?? ''), enabled: Boolean(username) });
}

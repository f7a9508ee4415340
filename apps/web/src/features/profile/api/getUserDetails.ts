import { queryOptions, useQuery } from '@tanstack/react-query';
import { type UserDetails, userDetailsSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/users/details/{username}: the shopper's own phone number and shipping address. */
export function getUserDetails(username: string): Promise<UserDetails> {
  return api(`/api/users/details/${encodeURIComponent(username)}`, { schema: userDetailsSchema });
}

export const userDetailsQuery = (username: string) =>
  queryOptions({ queryKey: ['users', 'details', username], queryFn: () => getUserDetails(username) });

export function useUserDetails(username: string | null) {
  return useQuery({ ...userDetailsQuery(username ?? ''), enabled: Boolean(username) });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { $ZodType, output } from 'zod/v4/core';
import { api } from '../../lib/api-client';

/**
 * The two calls of a `{preferences: {kind: on}}` endpoint (push kinds, optional mails): the shopper's
 * toggles, and one kind on or off, whose answer (the whole set) replaces the cached one.
 */
export function preferenceToggles<S extends $ZodType<{ preferences: Record<string, boolean> }>>(
  path: string,
  queryName: string,
  schema: S,
) {
  type Kind = keyof output<S>['preferences'] & string;
  const queryKey = (username: string | null) => [queryName, username] as const;
  return {
    useToggles: (username: string | null) =>
      useQuery({ queryKey: queryKey(username), queryFn: () => api(path, { schema }), enabled: Boolean(username) }),
    useUpdateToggle(username: string | null) {
      const client = useQueryClient();
      return useMutation({
        mutationFn: (change: { kind: Kind; on: boolean }): Promise<output<S>> =>
          api(path, { method: 'PUT', body: { preferences: { [change.kind]: change.on } }, schema }),
        onSuccess: (data) => client.setQueryData(queryKey(username), data),
      });
    },
  };
}

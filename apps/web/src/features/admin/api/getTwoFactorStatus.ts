import { queryOptions, useQuery } from '@tanstack/react-query';
import { twoFactorStatusSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/admin/2fa: the signed-in admin's authenticator app, passkeys and recovery codes left. */
export const twoFactorStatusQuery = queryOptions({
  queryKey: ['admin', 'two-factor'],
  queryFn: () => api('/api/admin/2fa', { auth: 'admin', schema: twoFactorStatusSchema }),
});
export const useTwoFactorStatus = () => useQuery(twoFactorStatusQuery);

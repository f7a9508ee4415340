import { queryOptions, useQuery } from '@tanstack/react-query';
import { shopSettingsSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/admin/settings: the pickup point and the labels' sender address. */
export const fetchShopSettings = () => api('/api/admin/settings', { auth: 'admin', schema: shopSettingsSchema });
export const shopSettingsQuery = queryOptions({ queryKey: ['admin', 'settings'], queryFn: fetchShopSettings });
export const useShopSettings = () => useQuery(shopSettingsQuery);

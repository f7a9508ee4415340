import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shopSettingsSchema, type ShopSettings } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** PUT /api/admin/settings */
export const saveShopSettings = (input: ShopSettings) =>
  api('/api/admin/settings', { method: 'PUT', body: input, auth: 'admin', schema: shopSettingsSchema });
export function useSaveShopSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveShopSettings,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      await queryClient.invalidateQueries({ queryKey: ['settings'] });
    },
  });
}

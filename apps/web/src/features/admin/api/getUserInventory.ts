import { useMutation } from '@tanstack/react-query';
import { inventoryResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** GET /api/admin/inventory/{usernameOrEmail} */
export const getUserInventory = (usernameOrEmail: string) =>
  api(`/api/admin/inventory/${encodeURIComponent(usernameOrEmail)}`, {
    auth: 'admin',
    schema: inventoryResponseSchema,
  });

/** A lookup the admin starts with a button: a mutation keeps the last answer for the shown user. */
export const useUserInventoryLookup = () => useMutation({ mutationFn: getUserInventory });

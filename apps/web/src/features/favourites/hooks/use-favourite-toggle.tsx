import { useCallback, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product } from '@kujiya/shared';
import { LoginReminderDialog } from '../../../components/LoginReminderDialog';
import { needsLoginReminder } from '../../../components/login-reminder';
import { useSession } from '../../../lib/session';
import { addFavorite } from '../api/addFavorite';
import { favoriteIdsQueryKey } from '../api/getFavoriteIds';
import { removeFavorite } from '../api/removeFavorite';
import { FavouriteConfirmation } from '../components/FavouriteConfirmation';

export interface FavouriteToggle {
  /** Adds the product when it is not a favourite, removes it when it is. */
  toggle: (product: Product) => void;
  dialogs: ReactNode;
}

/**
 * Adds or removes a favourite (logged-in only; the caller shows the login popup otherwise). The heart
 * changes at once; a failure puts it back and is only logged, except a 403 which shows the login reminder.
 */
export function useFavouriteToggle(): FavouriteToggle {
  const { username } = useSession();
  const client = useQueryClient();
  const [confirmation, setConfirmation] = useState<{ text: string; key: number } | null>(null);
  const [loginReminder, setLoginReminder] = useState(false);
  const key = favoriteIdsQueryKey(username);

  const mutation = useMutation({
    mutationFn: ({ product, add }: { product: Product; add: boolean }) =>
      add ? addFavorite(product.setId) : removeFavorite(product.setId),
    onMutate: async ({ product, add }) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<{ productIds: string[] }>(key);
      const ids = new Set(previous?.productIds ?? []);
      if (add) ids.add(product.productId);
      else ids.delete(product.productId);
      client.setQueryData(key, { productIds: [...ids] });
      setConfirmation({ text: add ? 'Added to favourites!' : 'Removed from favourites!', key: Date.now() });
      return { previous };
    },
    onError: (error, _vars, context) => {
      client.setQueryData(key, context?.previous);
      setConfirmation(null);
      if (needsLoginReminder(error)) setLoginReminder(true);
      else console.error('Favourite update failed', error);
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['favorites', username] }),
  });

  const { mutate } = mutation;
  const toggle = useCallback(
    (product: Product) => {
      const current = client.getQueryData<{ productIds: string[] }>(favoriteIdsQueryKey(username));
      mutate({ product, add: !current?.productIds.includes(product.productId) });
    },
    [client, mutate, username],
  );

  return {
    toggle,
    dialogs: (
      <>
        {confirmation && (
          <FavouriteConfirmation key={confirmation.key} text={confirmation.text} onDone={() => setConfirmation(null)} />
        )}
        <LoginReminderDialog open={loginReminder} onClose={() => setLoginReminder(false)} />
      </>
    ),
  };
}

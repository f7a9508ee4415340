import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DropAlertState } from '@kujiya/shared';
import { needsLoginReminder } from '../../../components/login-reminder';
import { useSession } from '../../../lib/session';
import { addDropAlert } from '../api/addDropAlert';
import { dropAlertQueryKey, useDropAlert } from '../api/getDropAlert';
import { removeDropAlert } from '../api/removeDropAlert';

export interface DropAlertToggle {
  /** The shopper asked to be notified (false while signed out or unknown). */
  on: boolean;
  toggle: () => void;
  /** Why the last change failed, for the shopper; null when it did not. */
  error: string | null;
}

/**
 * "Notify me" of one set (docs/rules/drops.md, "Notify me"): the choice shows at once and goes back
 * when the server refuses; a 403 asks the shopper to log in (`onLoginRequired`).
 */
export function useDropAlertToggle(setId: string, onLoginRequired: () => void): DropAlertToggle {
  const { isLoggedIn, username } = useSession();
  const client = useQueryClient();
  const key = dropAlertQueryKey(isLoggedIn ? username : null, setId);
  const state = useDropAlert(isLoggedIn ? username : null, setId);
  const [error, setError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: (on: boolean) => (on ? addDropAlert(setId) : removeDropAlert(setId)),
    onMutate: async (on) => {
      setError(null);
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<DropAlertState>(key);
      client.setQueryData<DropAlertState>(key, { notify: on });
      return { previous };
    },
    onError: (failure, _on, context) => {
      client.setQueryData(key, context?.previous);
      if (needsLoginReminder(failure)) onLoginRequired();
      else setError(failure instanceof Error ? failure.message : 'Please try again.');
    },
    onSuccess: (answer) => client.setQueryData(key, answer),
  });

  const on = isLoggedIn && (state.data?.notify ?? false);
  return {
    on,
    error,
    toggle: () => {
      if (!isLoggedIn) onLoginRequired();
      else mutation.mutate(!on);
    },
  };
}

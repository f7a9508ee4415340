import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DROP_ROOM_OPENS_BEFORE_MS } from '@kujiya/shared';
import { useSession } from '../../../lib/session';
import { dropStatusQueryKey } from '../../../lib/drop-query-keys';
import { useDropStatus } from '../api/getDropStatus';
import { joinDropRoom } from '../api/joinDropRoom';

/** The shopper's waiting room for one set: its status (live and polled) and the join action. */
export function useDropRoom(setId: string, opensAt: string | null) {
  const { username } = useSession();
  const queryClient = useQueryClient();
  const status = useDropStatus(setId, username);
  const join = useMutation({
    mutationFn: () => joinDropRoom(setId),
    onSuccess: (answer) => queryClient.setQueryData(dropStatusQueryKey(setId, username), answer),
  });
  const roomOpensAt = opensAt ? new Date(opensAt).getTime() - DROP_ROOM_OPENS_BEFORE_MS : null;
  return { status: status.data, join, roomOpensAt };
}

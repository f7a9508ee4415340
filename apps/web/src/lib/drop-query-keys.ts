// Apart from query-keys.ts, which the entry carries: only the room and the live updates use this.

/** A shopper's place in a set's waiting room (docs/rules/drops.md); the live `drop` message updates it. */
export const dropStatusQueryKey = (setId: string, username: string | null) => ['drop-status', setId, username] as const;

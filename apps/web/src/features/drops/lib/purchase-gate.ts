import type { DropRoomStatus } from '@kujiya/shared';

/** Why the waiting room stops the shopper buying now (docs/rules/drops.md, "Buying"); null: it does not. */
export function purchaseGateOf(status: DropRoomStatus | undefined): { reason: string } | null {
  // Not known yet, no room (or it closed), or admitted: the server decides as usual.
  if (!status?.roomOpen || status.admitted) return null;
  return { reason: status.joined ? 'Wait for your turn in the waiting room.' : 'Join the waiting room to buy.' };
}

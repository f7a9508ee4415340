import type { ReactNode } from 'react';
import { usePurchaseGate } from '../hooks/use-purchase-gate';
import { DropRoomPanel } from './DropRoomPanel';

interface DropRoomView {
  panel: ReactNode;
  gate: { reason: string } | null;
}

/**
 * The set's waiting room for the play popup: its panel, and the gate on BUY and BUY OUT while the
 * room holds the shopper (not joined, or not their turn); it lifts the moment the status says admitted.
 */
export function DropRoom({
  setId,
  opensAt,
  children,
}: {
  setId: string;
  opensAt: string | null;
  children: (room: DropRoomView) => ReactNode;
}) {
  const gate = usePurchaseGate(setId, opensAt);
  return children({ panel: <DropRoomPanel setId={setId} opensAt={opensAt} />, gate });
}

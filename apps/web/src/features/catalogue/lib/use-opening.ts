import { opensText } from '@kujiya/shared';
import { useCountdown } from '../../../lib/use-countdown';

export interface Opening {
  /** The set has a scheduled opening still ahead: nothing can be bought yet. */
  notOpen: boolean;
  secondsLeft: number;
  /** "Opens Mon, 7 Dec 2026, 8:00 pm" (Singapore time), or null when the set sells. */
  label: string | null;
}

/**
 * A set's scheduled opening, counted down live (docs/rules/drops.md, "Opening"): at the opening it
 * turns open without a reload.
 */
export function useOpening(salesStartAt: string | null): Opening {
  const at = salesStartAt === null ? null : Date.parse(salesStartAt);
  const secondsLeft = useCountdown(at !== null && at > Date.now() ? at : null);
  const notOpen = secondsLeft > 0;
  return { notOpen, secondsLeft, label: notOpen && salesStartAt ? opensText(salesStartAt) : null };
}

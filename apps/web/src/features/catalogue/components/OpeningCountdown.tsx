import { formatOpeningCountdown } from '@kujiya/shared';
import type { Opening } from '../lib/use-opening';

/**
 * "Opens {day, date, time}" with a live countdown (docs/rules/drops.md). The ticking numbers are not
 * a live region: the play popup speaks the milestones instead.
 */
export function OpeningCountdown({ opening, id, className }: { opening: Opening; id?: string; className: string }) {
  if (!opening.notOpen) return null;
  return (
    <p id={id} className={className} data-testid="opening">
      <strong>{opening.label}</strong>{' '}
      <span className={`${className}-countdown`}>
        (in <span data-testid="opening-countdown">{formatOpeningCountdown(opening.secondsLeft)}</span>)
      </span>
    </p>
  );
}

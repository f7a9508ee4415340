import { z } from 'zod';
import { MINUTE_MS } from '../common/time.ts';

/**
 * "Notify me" for a set's scheduled opening (docs/rules/drops.md, "Notify me"): the signed-in
 * shopper's choice, answered by GET, POST and DELETE /api/drops/{setId}/notify.
 */
export const dropAlertStateSchema = z.object({ notify: z.boolean() });
export type DropAlertState = z.infer<typeof dropAlertStateSchema>;

/** The early reminder goes out this long before the opening; the second one at the opening. */
export const DROP_ALERT_LEAD_MS = 15 * MINUTE_MS;

/** POST /notify on a set that has no opening ahead (none scheduled, or already open). */
export const DROP_NOT_SCHEDULED_MESSAGE = 'This set has no upcoming opening to be notified of.';

/** Whether a set's opening (`salesStartAt`, ISO or null) is still ahead at `now`: "Notify me" is offered. */
export function opensLater(salesStartAt: string | null, now: number): boolean {
  return salesStartAt !== null && Date.parse(salesStartAt) > now;
}

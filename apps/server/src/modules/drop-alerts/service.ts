import { and, eq } from 'drizzle-orm';
import { DROP_NOT_SCHEDULED_MESSAGE } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import { badRequest } from '../../core/http-errors.ts';
import { sendDueReminders, type DropAlertDeps } from './reminders.ts';
import { dropAlerts } from './tables.ts';

/**
 * "Notify me" (docs/rules/drops.md, "Notify me"): a signed-in shopper asks to hear of a set's
 * scheduled opening; the `drop-alerts` job sends an in-app notice and an e-mail 15 minutes before
 * it and at it, each once.
 */
export function createDropAlertsService(ctx: AppContext, deps: DropAlertDeps) {
  const where = (userId: string, setId: string) => and(eq(dropAlerts.userId, userId), eq(dropAlerts.setId, setId));
  return {
    /** Whether the shopper asked to be notified of the set's opening (404 for an unknown set). */
    async isNotifying(userId: string, setId: string): Promise<boolean> {
      await deps.catalogue.getProductOfRound(ctx.db, setId);
      const [row] = await ctx.db.select({ setId: dropAlerts.setId }).from(dropAlerts).where(where(userId, setId));
      return Boolean(row);
    },

    /** Asks for the reminders; only for a set whose opening is still ahead (400 otherwise). Twice keeps one. */
    async notify(userId: string, setId: string): Promise<void> {
      const { round } = await deps.catalogue.getProductOfRound(ctx.db, setId);
      const now = ctx.clock.now();
      if (!round.salesStartAt || round.salesStartAt <= now) throw badRequest(DROP_NOT_SCHEDULED_MESSAGE);
      await ctx.db.insert(dropAlerts).values({ userId, setId, createdAt: now }).onConflictDoNothing();
    },

    /** Stops the reminders (nothing to stop is fine). */
    async stopNotifying(userId: string, setId: string): Promise<void> {
      await deps.catalogue.getProductOfRound(ctx.db, setId);
      await ctx.db.delete(dropAlerts).where(where(userId, setId));
    },

    /** The job's work: the reminders due now, each sent once (safe on every instance at once). */
    sendDueReminders: (options: { batchSize?: number } = {}) => sendDueReminders(ctx, deps, options),
  };
}
export type DropAlertsService = ReturnType<typeof createDropAlertsService>;

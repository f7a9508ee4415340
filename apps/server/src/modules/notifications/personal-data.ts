import { desc, eq, or } from 'drizzle-orm';
import type { Notification } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import { exportRecord, mentionsAny, scrubText, type PersonalValues } from '../../core/personal-values.ts';
import type { Tx } from '../../db/database.ts';
import { notifications } from './tables.ts';

/** The notices' part of a shopper's personal data (docs/rules/personal-data.md). */
export function createNotificationPersonalData(
  ctx: AppContext,
  view: (row: typeof notifications.$inferSelect) => Notification,
) {
  return {
    /** Every notice of the shopper, removed ones too (the data export). */
    async allForExport(userId: string) {
      const rows = await ctx.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id));
      return rows.map((row) => exportRecord({ ...view(row), isRemoved: row.isRemoved }));
    },

    /**
     * An anonymised account's values out of every notice (its own, and other shoppers' that name it):
     * the notices stay, as records, with the pseudonym.
     */
    async forgetPersonalValues(tx: Tx, userId: string, personal: PersonalValues): Promise<number> {
      const mentioning = mentionsAny(notifications.message, personal);
      if (!mentioning) return 0;
      const rows = await tx
        .select({ id: notifications.id, message: notifications.message })
        .from(notifications)
        .where(or(eq(notifications.userId, userId), mentioning))
        .orderBy(notifications.id)
        .for('update');
      let changed = 0;
      for (const row of rows) {
        const message = scrubText(row.message, personal);
        if (message === row.message) continue;
        await tx.update(notifications).set({ message }).where(eq(notifications.id, row.id));
        changed += 1;
      }
      return changed;
    },
  };
}

import { desc, eq, or } from 'drizzle-orm';
import type { Notification } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import { exportRecord, mentionsAny, scrubRows, scrubText, type PersonalValues } from '../../core/personal-values.ts';
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
      return scrubRows(tx, {
        table: notifications,
        where: mentioning && or(eq(notifications.userId, userId), mentioning),
        columns: ['message'],
        scrub: (row) => {
          const message = scrubText(row.message, personal);
          return message === row.message ? undefined : { message };
        },
      });
    },
  };
}

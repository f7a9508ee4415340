import { eq, or, sql } from 'drizzle-orm';
import { mentionsAny, scrubJson, scrubText, type PersonalValues } from '../../core/personal-values.ts';
import type { Tx } from '../../db/database.ts';
import { mailOutbox, mailQueue } from './tables.ts';

/** Why a deleted account's unsent mails were given up. */
export const RECIPIENT_DELETED = 'recipient account deleted';

/**
 * The mails of an anonymised account (docs/rules/personal-data.md): every queued or stored mail that
 * names one of its values (its address, or its name in another shopper's mail) has the values
 * replaced by the pseudonym; its own unsent mails are given up (`failed`), never sent.
 */
export async function forgetPersonalValues(tx: Tx, personal: PersonalValues): Promise<number> {
  let changed = 0;
  for (const table of [mailQueue, mailOutbox] as const) {
    const mentioning = or(
      mentionsAny(table.to, personal),
      mentionsAny(table.subject, personal),
      mentionsAny(table.text, personal),
      mentionsAny(table.html, personal),
      // A templated mail waiting in the queue keeps its data (names, addresses) as JSON until it is sent.
      table === mailQueue ? mentionsAny(sql`${mailQueue.data}::text`, personal) : undefined,
    );
    if (!mentioning) return 0;
    const rows = await tx.select().from(table).where(mentioning).orderBy(table.id).for('update');
    for (const row of rows) {
      const to = scrubText(row.to, personal);
      const orNull = (value: string | null) => (value === null ? null : scrubText(value, personal));
      const scrubbed = { to, subject: scrubText(row.subject, personal), text: orNull(row.text) };
      const html = orNull(row.html);
      if (
        table === mailQueue &&
        to !== row.to &&
        'status' in row &&
        (row.status === 'pending' || row.status === 'sending')
      )
        await tx
          .update(mailQueue)
          .set({
            ...scrubbed,
            html,
            data: scrubJson(row.data, personal),
            status: 'failed',
            lastError: RECIPIENT_DELETED,
          })
          .where(eq(mailQueue.id, row.id));
      else if (table === mailQueue && 'data' in row)
        await tx
          .update(mailQueue)
          .set({ ...scrubbed, html, data: scrubJson(row.data, personal) })
          .where(eq(mailQueue.id, row.id));
      else
        await tx
          .update(table)
          .set({ ...scrubbed, html })
          .where(eq(table.id, row.id));
      changed += 1;
    }
  }
  return changed;
}

import { eq, or } from 'drizzle-orm';
import { mentionsAny, scrubText, type PersonalValues } from '../../core/personal-values.ts';
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
    );
    if (!mentioning) return 0;
    const rows = await tx.select().from(table).where(mentioning).orderBy(table.id).for('update');
    for (const row of rows) {
      const to = scrubText(row.to, personal);
      const scrubbed = { to, subject: scrubText(row.subject, personal), text: scrubText(row.text, personal) };
      const html = scrubText(row.html, personal);
      if (
        table === mailQueue &&
        to !== row.to &&
        'status' in row &&
        (row.status === 'pending' || row.status === 'sending')
      )
        await tx
          .update(mailQueue)
          .set({ ...scrubbed, html, status: 'failed', lastError: RECIPIENT_DELETED })
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

import { or, sql } from 'drizzle-orm';
import { mentionsAny, scrubJson, scrubRows, scrubText, type PersonalValues } from '../../core/personal-values.ts';
import type { Tx } from '../../db/database.ts';
import { mailOutbox, mailQueue } from './tables.ts';

/** Why a deleted account's unsent mails were given up. */
export const RECIPIENT_DELETED = 'recipient account deleted';

/** The parts of a mail (queued or stored) that can name someone. */
const MAIL_PARTS = ['to', 'subject', 'text', 'html'] as const;

/**
 * The mails of an anonymised account (docs/rules/personal-data.md): every queued or stored mail that
 * names one of its values (its address, or its name in another shopper's mail) has the values
 * replaced by the pseudonym; its own unsent mails are given up (`failed`), never sent.
 */
export async function forgetPersonalValues(tx: Tx, personal: PersonalValues): Promise<number> {
  const scrub = (value: string) => scrubText(value, personal);
  const orNull = (value: string | null) => (value === null ? null : scrub(value));
  const mentioning = (table: typeof mailQueue | typeof mailOutbox) =>
    MAIL_PARTS.map((column) => mentionsAny(table[column], personal));
  const queued = await scrubRows(tx, {
    table: mailQueue,
    // A templated mail waiting in the queue keeps its data (names, addresses) as JSON until it is sent.
    where: or(...mentioning(mailQueue), mentionsAny(sql`${mailQueue.data}::text`, personal)),
    columns: [...MAIL_PARTS, 'data', 'status'],
    scrub: (row) => {
      const to = scrub(row.to);
      const scrubbed = {
        to,
        subject: scrub(row.subject),
        text: orNull(row.text),
        html: orNull(row.html),
        data: scrubJson(row.data, personal),
      };
      const ownUnsent = to !== row.to && (row.status === 'pending' || row.status === 'sending');
      return ownUnsent ? { ...scrubbed, status: 'failed' as const, lastError: RECIPIENT_DELETED } : scrubbed;
    },
  });
  const stored = await scrubRows(tx, {
    table: mailOutbox,
    where: or(...mentioning(mailOutbox)),
    columns: [...MAIL_PARTS],
    scrub: (row) => ({ to: scrub(row.to), subject: scrub(row.subject), text: scrub(row.text), html: scrub(row.html) }),
  });
  return queued + stored;
}

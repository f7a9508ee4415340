import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { mailOutbox, mailQueue } from './tables.ts';
import type { OutboxEntry, QueuedMail } from './service.ts';

/** Queued mails, oldest first (tests, operators). */
export async function listQueue(db: Db, options: { to?: string } = {}): Promise<QueuedMail[]> {
  const where = options.to ? eq(mailQueue.to, options.to.trim().toLowerCase()) : undefined;
  return db.select().from(mailQueue).where(where).orderBy(asc(mailQueue.createdAt), asc(mailQueue.id));
}

/** The stored mails, newest first (dev outbox only). */
export async function listOutbox(db: Db, options: { to?: string; limit?: number } = {}): Promise<OutboxEntry[]> {
  const where = options.to ? eq(mailOutbox.to, options.to.trim().toLowerCase()) : undefined;
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.seq))
    .limit(options.limit ?? 50);
  return rows.map(({ seq: _seq, headers, ...entry }) => (headers ? { ...entry, headers } : entry));
}

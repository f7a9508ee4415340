import { and, asc, eq, lte } from 'drizzle-orm';
import { pseudonymOf } from '@kujiya/shared';
import type { Tx } from '../../db/database.ts';
import type { PersonalDataEnv } from './deps.ts';
import { accountDeletions } from './tables.ts';

/** At most this many accounts per run: each is one transaction. */
const DELETIONS_PER_RUN = 20;

/**
 * One account's anonymisation, in one transaction (docs/rules/personal-data.md). Lock order
 * (docs/architecture.md): the request row, the account, its orders, its shipments, its trades and
 * offers, its inventory; then the text of mails, notices, the audit log and analytics, and last its
 * Idempotency-Key rows. Orders, draws, payments and ledger rows are kept under the pseudonym.
 */
async function anonymiseAccount({ deps }: PersonalDataEnv, tx: Tx, userId: string, pseudonym: string) {
  const personal = await deps.accounts.personalData.anonymise(tx, userId, pseudonym);
  await deps.orders.renameBuyer(tx, userId, pseudonym);
  await deps.fulfilment.personalData.anonymiseReceivers(tx, userId, personal);
  const ended = await deps.trading.endAllOf(tx, userId);
  const forfeited = await deps.inventory.forfeitAllOf(tx, userId);
  await deps.mail.forgetPersonalValues(tx, personal);
  await deps.notifications.forgetPersonalValues(tx, userId, personal);
  await deps.audit.forgetPersonalValues(tx, personal);
  await deps.analytics.forgetPersonalValues(tx, personal);
  await deps.idempotency.forgetUser(tx, userId);
  await deps.push.forgetUser(tx, userId);
  return { ...ended, forfeited };
}

/**
 * The `account-deletion` job: every pending request past its cooling-off is carried out once. Each
 * is claimed under its row lock (SKIP LOCKED) in the transaction that anonymises the account and
 * marks it completed, so two instances never both run one. A shopper with a parcel still open
 * (an unpaid or unsent shipment, a booked collection) waits for it: the request stays pending.
 */
export async function runDueDeletions(env: PersonalDataEnv): Promise<{ deleted: number; waiting: number }> {
  const { ctx, deps } = env;
  const now = ctx.clock.now();
  const due = await ctx.db
    .select({ id: accountDeletions.id, userId: accountDeletions.userId })
    .from(accountDeletions)
    .where(and(eq(accountDeletions.status, 'pending'), lte(accountDeletions.deleteAt, now)))
    .orderBy(asc(accountDeletions.deleteAt), asc(accountDeletions.id))
    .limit(DELETIONS_PER_RUN);
  let deleted = 0;
  let waiting = 0;
  for (const request of due) {
    if (await deps.fulfilment.personalData.hasOpenParcels(request.userId)) {
      waiting += 1;
      continue;
    }
    const done = await ctx.db.transaction(async (tx) => {
      const [claimed] = await tx
        .select({ id: accountDeletions.id })
        .from(accountDeletions)
        .where(and(eq(accountDeletions.id, request.id), eq(accountDeletions.status, 'pending')))
        .for('update', { skipLocked: true });
      if (!claimed) return false; // cancelled meanwhile, or another instance has it
      await anonymiseAccount(env, tx, request.userId, pseudonymOf(request.id));
      await tx
        .update(accountDeletions)
        .set({ status: 'completed', completedAt: ctx.clock.now() })
        .where(eq(accountDeletions.id, request.id));
      return true;
    });
    if (done) deleted += 1;
  }
  return { deleted, waiting };
}

import crypto from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import {
  DELETION_COOLING_OFF_MS,
  formatSgDateTime,
  personalDataMessages,
  type AccountDeletion,
  type AdminAccountDeletions,
} from '@kujiya/shared';
import { notFound } from '../../core/http-errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Executor } from '../../db/database.ts';
import type { PersonalDataEnv } from './deps.ts';
import { accountDeletions } from './tables.ts';

type DeletionRow = typeof accountDeletions.$inferSelect;

/** The units still in the shopper's inventory, as lines "2 x Prize (Set)": what the deletion forfeits. */
async function unitsInInventory({ deps }: PersonalDataEnv, userId: string) {
  const lines: string[] = [];
  let units = 0;
  for (const [setName, items] of Object.entries(await deps.inventory.inventoryOf(userId))) {
    for (const item of items) {
      const quantity = item.batches.reduce((sum, b) => sum + b.quantity, 0);
      if (quantity <= 0) continue;
      units += quantity;
      lines.push(`${quantity} x ${item.prizeName} (${setName})`);
    }
  }
  return { units, lines };
}

const pendingOf = async (exec: Executor, userId: string) =>
  (
    await exec
      .select()
      .from(accountDeletions)
      .where(and(eq(accountDeletions.userId, userId), eq(accountDeletions.status, 'pending')))
  )[0] ?? null;

const view = (row: DeletionRow, unitsToForfeit: number): AccountDeletion => ({
  id: row.id,
  requestedAt: row.requestedAt.toISOString(),
  deleteAt: row.deleteAt.toISOString(),
  unitsToForfeit,
});

/** The warning sent when a request starts: the date, how to cancel, and every unit that will be forfeited. */
function warningText(deleteAt: Date, forfeit: { units: number; lines: string[] }): string {
  const when = formatSgDateTime(deleteAt);
  const items =
    forfeit.units === 0
      ? 'Your inventory is empty, so nothing will be forfeited.'
      : `These items in your inventory will be forfeited unless you ship or collect them before then: ${forfeit.lines.join('; ')}.`;
  return `Your account will be deleted on ${when}. ${items} You can cancel the deletion from your profile until then.`;
}

/** GET /api/admin/account-deletions: every pending request, soonest first, with whether it waits for a parcel. */
async function pendingDeletions(env: PersonalDataEnv): Promise<AdminAccountDeletions> {
  const { ctx, deps } = env;
  const rows = await ctx.db
    .select()
    .from(accountDeletions)
    .where(eq(accountDeletions.status, 'pending'))
    .orderBy(asc(accountDeletions.deleteAt), asc(accountDeletions.id));
  const accounts = await deps.accounts.getAccounts(
    ctx.db,
    rows.map((r) => r.userId),
  );
  const deletions = [];
  for (const row of rows) {
    deletions.push({
      ...view(row, (await unitsInInventory(env, row.userId)).units),
      userId: row.userId,
      username: accounts.get(row.userId)?.username ?? row.userId,
      waitingForParcels: await deps.fulfilment.personalData.hasOpenParcels(row.userId),
    });
  }
  return { deletions };
}

/** A shopper's deletion requests (docs/rules/personal-data.md): start, cancel, read; the owner's list. */
export function createDeletionRequests(env: PersonalDataEnv) {
  const { ctx, deps } = env;
  return {
    /** The pending request, or null. */
    async status(userId: string): Promise<AccountDeletion | null> {
      const row = await pendingOf(ctx.db, userId);
      return row ? view(row, (await unitsInInventory(env, userId)).units) : null;
    },

    /**
     * Starts the cooling-off period once the password is confirmed. A repeat while one is pending
     * answers that same request (its date does not move). The warning goes to the bell and by mail.
     */
    async request(userId: string, password: string): Promise<AccountDeletion> {
      await deps.accounts.personalData.confirmPassword(userId, password);
      const forfeit = await unitsInInventory(env, userId);
      const existing = await pendingOf(ctx.db, userId);
      if (existing) return view(existing, forfeit.units);
      const now = ctx.clock.now();
      const row: DeletionRow = {
        id: crypto.randomUUID(),
        userId,
        status: 'pending',
        requestedAt: now,
        deleteAt: new Date(now.getTime() + DELETION_COOLING_OFF_MS),
        cancelledAt: null,
        completedAt: null,
      };
      try {
        await ctx.db.transaction(async (tx) => {
          await tx.insert(accountDeletions).values(row);
          await deps.notifications.notify(tx, [userId], warningText(row.deleteAt, forfeit), {
            email: { subject: 'Your Kujiya account is scheduled for deletion' },
            kind: 'other',
            url: '/profile',
          });
        });
      } catch (error) {
        // A parallel request won the one pending slot: answer that one.
        const winner = isUniqueViolation(error, 'account_deletions_one_pending') && (await pendingOf(ctx.db, userId));
        if (!winner) throw error;
        return view(winner, forfeit.units);
      }
      return view(row, forfeit.units);
    },

    /** Cancels the pending request (404 when there is none); nothing else changes. */
    async cancel(userId: string): Promise<void> {
      const now = ctx.clock.now();
      const cancelled = await ctx.db
        .update(accountDeletions)
        .set({ status: 'cancelled', cancelledAt: now })
        .where(and(eq(accountDeletions.userId, userId), eq(accountDeletions.status, 'pending')))
        .returning({ id: accountDeletions.id });
      if (cancelled.length === 0) throw notFound(personalDataMessages.noPendingDeletion);
    },

    pending: () => pendingDeletions(env),
  };
}

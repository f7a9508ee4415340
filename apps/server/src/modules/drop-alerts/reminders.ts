import { and, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import { DAY_MS, DROP_ALERT_LEAD_MS, MINUTE_MS, shopClockTime } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { CatalogueService, Round } from '../catalogue/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import { dropAlerts } from './tables.ts';

export interface DropAlertDeps {
  catalogue: CatalogueService;
  notifications: NotificationsService;
  /** Who favourited a product: they hear of its sets' openings as if they had tapped "Notify me". */
  favourites?: { userIdsOf(productId: string): Promise<string[]> };
}

/** An opening this far past is still given its favourites (a sweep may come a little late). */
const FAVOURITES_GRACE_MS = 5 * MINUTE_MS;

/**
 * The favourites of a set whose opening is within the reminder's lead become its "Notify me" rows
 * (docs/rules/drops.md, "Notify me"), so the same claims send each of them each reminder once.
 */
async function enrolFavourites(ctx: AppContext, deps: DropAlertDeps, now: Date): Promise<void> {
  if (!deps.favourites) return;
  const from = new Date(now.getTime() - FAVOURITES_GRACE_MS);
  const rounds = await deps.catalogue.roundsOpeningBetween(ctx.db, from, new Date(now.getTime() + DROP_ALERT_LEAD_MS));
  for (const round of rounds) {
    const userIds = await deps.favourites.userIdsOf(round.productId);
    if (userIds.length === 0) continue;
    await ctx.db
      .insert(dropAlerts)
      .values(userIds.map((userId) => ({ userId, setId: round.id, createdAt: now })))
      .onConflictDoNothing();
  }
}

type Kind = 'early' | 'opening';

/** What a reminder says (in-app, and the e-mail's subject and text). */
function reminderText(kind: Kind, name: string, opensAt: Date, now: Date) {
  if (kind === 'opening') return { subject: `${name} is open now`, message: `${name} is open now. Good luck!` };
  const minutes = Math.max(1, Math.ceil((opensAt.getTime() - now.getTime()) / MINUTE_MS));
  return {
    subject: `${name} opens in ${minutes} minutes`,
    message: `${name} opens in ${minutes} minutes, at ${shopClockTime(opensAt)}. Get ready!`,
  };
}

/** Which reminder of a set is due at `now` for its current opening; null when none. */
function dueKind(opensAt: Date | null, status: string, now: Date): Kind | null {
  if (!opensAt || status !== 'open') return null;
  const ahead = opensAt.getTime() - now.getTime();
  if (ahead <= 0) return 'opening';
  return ahead <= DROP_ALERT_LEAD_MS ? 'early' : null;
}

/** Shoppers claimed per transaction: a drop's crowd is told in batches of this many (notices, mails). */
const DEFAULT_BATCH = 500;

interface Reminder {
  round: Round;
  kind: Kind;
  batchSize: number;
}

/**
 * Claims one reminder of a set for a batch of shoppers who have not had it for this opening (rows
 * locked with SKIP LOCKED, so runs on several instances share the crowd) and writes their notices
 * (and e-mails, through the mail queue) in the same transaction: each is sent once. A shopper who
 * had it for an earlier opening gets it again. Batch after batch until nobody is left.
 */
async function sendReminder(ctx: AppContext, deps: DropAlertDeps, { round, kind, batchSize }: Reminder) {
  const opensAt = round.salesStartAt!;
  const { product } = await deps.catalogue.getProductOfRound(ctx.db, round.id);
  // "Opens in N minutes" counts from when the text is written, not from the sweep's start: a sweep that
  // began before the opening was moved, and read the new one, would otherwise say a minute too many.
  const { subject, message } = reminderText(kind, product.name, opensAt, ctx.clock.now());
  const column = kind === 'early' ? dropAlerts.earlySentFor : dropAlerts.openingSentFor;
  const field = kind === 'early' ? 'earlySentFor' : 'openingSentFor';
  const unsent = and(
    eq(dropAlerts.setId, round.id),
    sql`${column} is distinct from ${opensAt.toISOString()}::timestamptz`,
  );
  let sent = 0;
  for (;;) {
    const claimed = await ctx.db.transaction(async (tx) => {
      const batch = tx
        .select({ userId: dropAlerts.userId })
        .from(dropAlerts)
        .where(unsent)
        .orderBy(dropAlerts.userId)
        .limit(batchSize)
        .for('update', { skipLocked: true });
      const rows = await tx
        .update(dropAlerts)
        .set({ [field]: opensAt })
        .where(and(unsent, inArray(dropAlerts.userId, batch)))
        .returning({ userId: dropAlerts.userId });
      const userIds = rows.map((row) => row.userId);
      await deps.notifications.notify(tx, userIds, message, {
        email: { subject },
        kind: 'setOpening',
        url: '/ichiban-kuji-products',
      });
      return userIds.length;
    });
    sent += claimed;
    if (claimed < batchSize) return sent;
  }
}

/**
 * The sweep of the `drop-alerts` job (docs/jobs.md): for each set someone asked about, reads the
 * round's opening as it is now (a moved opening is simply seen here) and sends the reminder that
 * is due. Sets whose opening notice went out more than a day ago are no longer looked at.
 */
export async function sendDueReminders(
  ctx: AppContext,
  deps: DropAlertDeps,
  options: { batchSize?: number } = {},
): Promise<{ early: number; opening: number }> {
  const now = ctx.clock.now();
  await enrolFavourites(ctx, deps, now);
  const candidates = await ctx.db
    .selectDistinct({ setId: dropAlerts.setId })
    .from(dropAlerts)
    .where(or(isNull(dropAlerts.openingSentFor), gte(dropAlerts.openingSentFor, new Date(now.getTime() - DAY_MS))));
  const rounds = await deps.catalogue.findRounds(
    ctx.db,
    candidates.map((row) => row.setId),
  );
  const sent = { early: 0, opening: 0 };
  for (const round of rounds) {
    const kind = dueKind(round.salesStartAt, round.status, now);
    if (kind)
      sent[kind] += await sendReminder(ctx, deps, { round, kind, batchSize: options.batchSize ?? DEFAULT_BATCH });
  }
  return sent;
}

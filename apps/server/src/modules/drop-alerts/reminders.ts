import { and, eq, gte, isNull, or, sql } from 'drizzle-orm';
import { DAY_MS, DROP_ALERT_LEAD_MS, MINUTE_MS, shopClockTime } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { CatalogueService, Round } from '../catalogue/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import { dropAlerts } from './tables.ts';

export interface DropAlertDeps {
  catalogue: CatalogueService;
  notifications: NotificationsService;
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

/**
 * Claims one reminder of a set for every shopper who has not had it for this opening, and writes
 * their notices (and e-mails, through the mail queue) in the same transaction: on any number of
 * instances each is sent once. A shopper who had it for an earlier opening gets it again.
 */
async function sendReminder(ctx: AppContext, deps: DropAlertDeps, round: Round, kind: Kind, now: Date) {
  const opensAt = round.salesStartAt!;
  const { product } = await deps.catalogue.getProductOfRound(ctx.db, round.id);
  const column = kind === 'early' ? dropAlerts.earlySentFor : dropAlerts.openingSentFor;
  const field = kind === 'early' ? 'earlySentFor' : 'openingSentFor';
  return ctx.db.transaction(async (tx) => {
    const claimed = await tx
      .update(dropAlerts)
      .set({ [field]: opensAt })
      .where(and(eq(dropAlerts.setId, round.id), sql`${column} is distinct from ${opensAt.toISOString()}::timestamptz`))
      .returning({ userId: dropAlerts.userId });
    if (claimed.length === 0) return 0;
    const { subject, message } = reminderText(kind, product.name, opensAt, now);
    await deps.notifications.notify(
      tx,
      claimed.map((row) => row.userId),
      message,
      { email: { subject } },
    );
    return claimed.length;
  });
}

/**
 * The sweep of the `drop-alerts` job (docs/jobs.md): for each set someone asked about, reads the
 * round's opening as it is now (a moved opening is simply seen here) and sends the reminder that
 * is due. Sets whose opening notice went out more than a day ago are no longer looked at.
 */
export async function sendDueReminders(
  ctx: AppContext,
  deps: DropAlertDeps,
): Promise<{ early: number; opening: number }> {
  const now = ctx.clock.now();
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
    if (kind) sent[kind] += await sendReminder(ctx, deps, round, kind, now);
  }
  return sent;
}

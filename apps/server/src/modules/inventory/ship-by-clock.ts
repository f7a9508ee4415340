import { and, asc, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import { DAY_MS, FORFEIT_WARNING_DAYS, SHIP_BY_REMINDER_DAYS, singaporeDate } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../db/database.ts';
import type { NotificationsService } from '../notifications/service.ts';
import { inventoryBatches, shipByReminders } from './tables.ts';
import type { UnitRules } from './unit-rules.ts';
import type { BatchRow } from './views.ts';

/**
 * The two-week clock (docs/rules/fulfilment.md): reminders 3, 2 and 1 days before ship-by (each once: a
 * unique row per batch and lead time), then forfeiture of the free units once ship-by has passed
 * (rows claimed with SKIP LOCKED). Safe to run on every instance at once.
 */
export class ShipByClock {
  private readonly ctx: AppContext;
  private readonly rules: UnitRules;
  private readonly notifications: NotificationsService;

  constructor(ctx: AppContext, deps: { rules: UnitRules; notifications: NotificationsService }) {
    this.ctx = ctx;
    this.rules = deps.rules;
    this.notifications = deps.notifications;
  }

  private readonly leads = [...SHIP_BY_REMINDER_DAYS].sort((x, y) => x - y);

  /** Records the nearest lead time's reminder of a batch (and the farther ones as sent); false if already sent. */
  private async claimReminder(tx: Tx, batch: BatchRow, now: Date): Promise<number | null> {
    const lead = this.leads.find((d) => batch.shipByDate!.getTime() <= now.getTime() + d * DAY_MS)!;
    const sent = await tx
      .insert(shipByReminders)
      .values({ batchId: batch.id, daysBefore: lead, sentAt: now })
      .onConflictDoNothing()
      .returning({ batchId: shipByReminders.batchId });
    if (sent.length === 0) return null;
    const farther = this.leads.filter((d) => d > lead);
    if (farther.length > 0) {
      await tx
        .insert(shipByReminders)
        .values(farther.map((d) => ({ batchId: batch.id, daysBefore: d, sentAt: now })))
        .onConflictDoNothing();
    }
    return lead;
  }

  /** Each due batch is claimed (SKIP LOCKED) by one runner, which sends one reminder for it. */
  private async remind(now: Date): Promise<number> {
    return this.ctx.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(inventoryBatches)
        .where(
          and(
            eq(inventoryBatches.status, 'in_inventory'),
            isNotNull(inventoryBatches.shipByDate),
            gt(inventoryBatches.shipByDate, now),
            lte(inventoryBatches.shipByDate, new Date(now.getTime() + this.leads.at(-1)! * DAY_MS)),
          ),
        )
        .orderBy(asc(inventoryBatches.id))
        .limit(500)
        .for('update', { skipLocked: true });
      const toSend: Array<{ batch: BatchRow; lead: number }> = [];
      for (const batch of due) {
        const lead = await this.claimReminder(tx, batch, now);
        if (lead !== null) toSend.push({ batch, lead });
      }
      if (toSend.length === 0) return 0;
      const { prizes, products } = await this.rules.names(
        tx,
        toSend.map((s) => s.batch),
      );
      for (const { batch: b, lead } of toSend) {
        const what = `${prizes.get(b.prizeId)!.name} (${products.get(b.productId)!.name})`;
        const message = `Reminder: ship or collect your ${what} by ${singaporeDate(b.shipByDate!)}, or it will be forfeited.`;
        await this.notifications.notify(tx, [b.userId], message, {
          email: { subject: `Your ${what} must be shipped by ${singaporeDate(b.shipByDate!)}` },
          kind: 'forfeitWarning',
          url: '/inventory',
          // The forfeit warning reaches the phone once: at its own lead (docs/rules/notifications.md).
          push: lead === FORFEIT_WARNING_DAYS,
        });
      }
      return toSend.length;
    });
  }

  /** The free units of batches past ship-by are forfeited, and their owners told. */
  private async forfeit(now: Date): Promise<number> {
    return this.ctx.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(inventoryBatches)
        .where(
          and(
            eq(inventoryBatches.status, 'in_inventory'),
            isNotNull(inventoryBatches.shipByDate),
            lte(inventoryBatches.shipByDate, now),
            sql`${inventoryBatches.removed} + ${inventoryBatches.locked} < ${inventoryBatches.quantity}`,
          ),
        )
        .orderBy(asc(inventoryBatches.id))
        .limit(200)
        .for('update', { skipLocked: true });
      if (due.length === 0) return 0;
      const { prizes, products } = await this.rules.names(tx, due);
      let units = 0;
      for (const b of due) {
        const free = b.quantity - b.removed - b.locked;
        await this.rules.removeUnits(tx, b, free, 0, 'forfeited', null, null);
        units += free;
        const what = `${prizes.get(b.prizeId)!.name} (${products.get(b.productId)!.name})`;
        await this.notifications.notify(
          tx,
          [b.userId],
          `${free} x ${what} passed the ship-by date and was forfeited.`,
          { email: { subject: `${what} was forfeited` } },
        );
      }
      return units;
    });
  }

  runClock = async (): Promise<{ reminded: number; forfeited: number }> => {
    const now = this.ctx.clock.now();
    const reminded = await this.remind(now);
    const forfeited = await this.forfeit(now);
    return { reminded, forfeited };
  };
}

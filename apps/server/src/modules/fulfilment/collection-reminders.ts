import { and, asc, eq, gte, inArray, isNull, lt } from 'drizzle-orm';
import { addDays, shopClockTime, singaporeDate, singaporeInstant } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { NotificationsService } from '../notifications/service.ts';
import { selfCollections } from './tables.ts';

/** The start and end of tomorrow in Singapore (the shop's day), as instants. */
export function singaporeTomorrow(now: Date): { from: Date; to: Date } {
  const tomorrow = addDays(singaporeDate(now), 1);
  return { from: singaporeInstant(tomorrow), to: singaporeInstant(addDays(tomorrow, 1)) };
}

/**
 * The "collection tomorrow" reminder (docs/rules/fulfilment.md): once per pending booking, on the
 * Singapore day before its slot. The bookings are claimed (SKIP LOCKED, `reminded_at` set in the
 * transaction that writes the notice), so runs on several instances remind each booking once.
 */
export async function remindCollectionsTomorrow(ctx: AppContext, notifications: NotificationsService): Promise<number> {
  const { from, to } = singaporeTomorrow(ctx.clock.now());
  return ctx.db.transaction(async (tx) => {
    const due = tx
      .select({ id: selfCollections.id })
      .from(selfCollections)
      .where(
        and(
          eq(selfCollections.status, 'pending'),
          isNull(selfCollections.remindedAt),
          gte(selfCollections.collectionDate, from),
          lt(selfCollections.collectionDate, to),
        ),
      )
      .orderBy(asc(selfCollections.id))
      .limit(500)
      .for('update', { skipLocked: true });
    const claimed = await tx
      .update(selfCollections)
      .set({ remindedAt: ctx.clock.now() })
      .where(and(inArray(selfCollections.id, due), isNull(selfCollections.remindedAt)))
      .returning();
    for (const booking of claimed) {
      const message = `Your self-collection ${booking.reference} is tomorrow at ${shopClockTime(booking.collectionDate)}. Bring its reference.`;
      await notifications.notify(tx, [booking.userId], message, { kind: 'collectionTomorrow', url: '/shipments' });
    }
    return claimed.length;
  });
}

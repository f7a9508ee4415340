import { and, asc, eq, inArray, isNull, lt, lte, ne, or } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../db/database.ts';
import type { NotificationsService } from '../notifications/service.ts';
import { CourierError, type Courier } from './courier.ts';
import { shipments } from './tables.ts';
import type { ShipmentRow } from './views.ts';

/** Courier hand-over: attempts before the shipment needs attention, and the backoff base. */
export const COURIER_MAX_ATTEMPTS = 5;
const COURIER_BACKOFF_MS = 30_000;
/** A claim older than this was abandoned by a crashed instance and may be taken again. */
const COURIER_CLAIM_TIMEOUT_MS = 5 * 60_000;

/**
 * Hands paid shipments to the courier (docs/rules/fulfilment.md): each due row is claimed (FOR UPDATE
 * SKIP LOCKED, then a claim time) by one instance, the courier is called outside any transaction, and
 * a failure is retried with exponential backoff until the shipment is flagged for attention.
 */
export class CourierJobs {
  private readonly ctx: AppContext;
  private readonly courier: Courier | null;
  private readonly notifications: NotificationsService;

  constructor(ctx: AppContext, courier: Courier | null, notifications: NotificationsService) {
    this.ctx = ctx;
    this.courier = courier;
    this.notifications = notifications;
  }

  /** Books the parcel (unless an earlier attempt did) and pays for its AWB. */
  private async book(row: ShipmentRow, activeCourier: Courier, booked: { orderId: string | null }): Promise<void> {
    if (!booked.orderId) {
      const booking = await activeCourier.submitOrder({
        reference: row.id,
        content: `Kujiya prizes x${row.items.reduce((n, i) => n + i.quantity, 0)}`,
        valueCents: row.shippingFee,
        weightKg: Math.max(0.5, row.bigPrizes * 1 + row.smallPrizes * 0.1),
        receiver: {
          name: row.receiverName,
          contact: row.receiverContact,
          unit: row.receiverUnit,
          address: row.receiverFullAddress,
          postcode: row.receiverPostcode,
          country: row.receiverCountry,
        },
      });
      booked.orderId = booking.orderId;
      await this.ctx.db
        .update(shipments)
        .set({ easyparcelOrderId: booking.orderId, courierStatus: 'submitted', courierName: activeCourier.name })
        .where(eq(shipments.id, row.id));
    }
    const awb = await activeCourier.payOrder(booked.orderId);
    await this.ctx.db.transaction(async (tx) => {
      const [done] = await tx
        .update(shipments)
        .set({
          awbNumber: awb.awbNumber,
          awbLink: awb.awbLink,
          trackingUrl: awb.trackingUrl,
          courierStatus: 'booked',
          courierClaimedAt: null,
          courierLastError: null,
        })
        .where(and(eq(shipments.id, row.id), ne(shipments.courierStatus, 'booked')))
        .returning({ id: shipments.id });
      // Told once: only the run that turned the shipment booked (a stale claim's rerun changes nothing).
      if (done) await this.tellBooked(tx, row, activeCourier.name, awb);
    });
  }

  /** The shipment-booked notice and mail, with the tracking link, in the booking's transaction. */
  private async tellBooked(
    tx: Tx,
    row: ShipmentRow,
    courierName: string,
    awb: { awbNumber: string; trackingUrl: string | null },
  ) {
    const track = `/track/${encodeURIComponent(awb.awbNumber)}`;
    const trackingLink =
      awb.trackingUrl && /^https?:\/\//.test(awb.trackingUrl)
        ? awb.trackingUrl
        : `${this.ctx.config.publicUrl}${track}`;
    const count = row.items.reduce((n, i) => n + i.quantity, 0);
    await this.notifications.notify(
      tx,
      [row.userId],
      `Your parcel (${count} ${count === 1 ? 'prize' : 'prizes'}) is booked with ${courierName}, air waybill ${awb.awbNumber}.`,
      {
        email: {
          subject: `Your parcel is booked: ${awb.awbNumber}`,
          details: [
            { label: 'Courier', value: courierName },
            { label: 'Air waybill', value: awb.awbNumber },
            { label: 'To', value: `${row.receiverName}, ${row.receiverFullAddress} ${row.receiverPostcode}` },
            { label: 'Tracking', value: trackingLink },
          ],
        },
        kind: 'shipmentBooked',
        url: track,
      },
    );
  }

  /** A failed attempt: the next one after a doubling wait, or attention once the attempts are spent. */
  private async recordFailure(
    row: ShipmentRow,
    orderId: string | null,
    error: unknown,
  ): Promise<'retry' | 'attention'> {
    if (!(error instanceof CourierError))
      this.ctx.log.error({ err: error, shipmentId: row.id }, 'courier hand-over failed unexpectedly');
    const attempts = row.courierAttempts + 1;
    const exhausted = attempts >= COURIER_MAX_ATTEMPTS;
    const now = this.ctx.clock.now();
    await this.ctx.db
      .update(shipments)
      .set({
        courierAttempts: attempts,
        courierStatus: exhausted ? 'attention' : orderId ? 'submitted' : 'queued',
        courierNextAttemptAt: exhausted ? null : new Date(now.getTime() + COURIER_BACKOFF_MS * 2 ** (attempts - 1)),
        courierClaimedAt: null,
        courierLastError: (error as Error).message,
      })
      .where(eq(shipments.id, row.id));
    if (exhausted)
      this.ctx.log.error(
        { shipmentId: row.id, error: (error as Error).message },
        'courier hand-over failed after the last retry: needs attention',
      );
    return exhausted ? 'attention' : 'retry';
  }

  /** Moves one claimed shipment forward with the courier; every call happens outside a transaction. */
  private async handToCourier(row: ShipmentRow, activeCourier: Courier): Promise<'booked' | 'retry' | 'attention'> {
    const booked = { orderId: row.easyparcelOrderId };
    try {
      await this.book(row, activeCourier, booked);
      return 'booked';
    } catch (error) {
      return this.recordFailure(row, booked.orderId, error);
    }
  }

  /** Claims the next due shipment (SKIP LOCKED, then a claim time), or null. */
  private async claimNext(now: Date): Promise<ShipmentRow | null> {
    return this.ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(shipments)
        .where(
          and(
            inArray(shipments.courierStatus, ['queued', 'submitted']),
            lte(shipments.courierNextAttemptAt, now),
            or(
              isNull(shipments.courierClaimedAt),
              lt(shipments.courierClaimedAt, new Date(now.getTime() - COURIER_CLAIM_TIMEOUT_MS)),
            ),
          ),
        )
        .orderBy(asc(shipments.courierNextAttemptAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return null;
      await tx.update(shipments).set({ courierClaimedAt: now }).where(eq(shipments.id, row.id));
      return row;
    });
  }

  runCourierJobs = async (limit = 20): Promise<{ booked: number; failed: number }> => {
    if (!this.courier) return { booked: 0, failed: 0 };
    let booked = 0;
    let failed = 0;
    for (let i = 0; i < limit; i += 1) {
      const claimed = await this.claimNext(this.ctx.clock.now());
      if (!claimed) break;
      const outcome = await this.handToCourier(claimed, this.courier);
      if (outcome === 'booked') booked += 1;
      else failed += 1;
    }
    return { booked, failed };
  };
}

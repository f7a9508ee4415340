import { and, desc, eq, or } from 'drizzle-orm';
import { DEFAULT_TRACKING_STATUS, type Shipment, type TrackingResponse } from '@kujiya/shared';
import type { Principal } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { notFound } from '../../core/http-errors.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { Courier } from './courier.ts';
import { shipments } from './tables.ts';
import { SHIPMENT_NOT_FOUND, UUID, shipmentView } from './views.ts';

/** A shopper's shipments, one shipment, its courier job state and its tracking (docs/rules/fulfilment.md). */
export function createShipmentReads(ctx: AppContext, deps: { accounts: AccountsService; courier: Courier | null }) {
  const { accounts, courier } = deps;

  return {
    /** GET /api/shipment/user/{username}: paid shipments, newest first. */
    async userShipments(user: Principal, username: string): Promise<{ shipments: Shipment[] }> {
      await accounts.requireSelf(user, username);
      const rows = await ctx.db
        .select()
        .from(shipments)
        .where(and(eq(shipments.userId, user.id), eq(shipments.status, 'paid')))
        .orderBy(desc(shipments.createdAt), desc(shipments.id));
      return { shipments: rows.map(shipmentView) };
    },

    async shipment(shipmentId: string): Promise<Shipment | null> {
      const [row] = await ctx.db.select().from(shipments).where(eq(shipments.id, shipmentId));
      return row ? shipmentView(row) : null;
    },

    /** Courier job state of a shipment (tests, back office). */
    async courierState(shipmentId: string) {
      const [row] = await ctx.db.select().from(shipments).where(eq(shipments.id, shipmentId));
      return row
        ? {
            status: row.courierStatus,
            attempts: row.courierAttempts,
            lastError: row.courierLastError,
            nextAttemptAt: row.courierNextAttemptAt,
          }
        : null;
    },

    /** POST /api/shipment/tracking: the courier's status text, "Pending" until it answers. */
    async tracking(user: Principal, orderNumber: string): Promise<TrackingResponse> {
      const byNumber = UUID.test(orderNumber)
        ? eq(shipments.id, orderNumber)
        : or(eq(shipments.easyparcelOrderId, orderNumber), eq(shipments.awbNumber, orderNumber));
      const [row] = await ctx.db
        .select()
        .from(shipments)
        .where(and(eq(shipments.userId, user.id), byNumber));
      if (!row) throw notFound(SHIPMENT_NOT_FOUND);
      const trackingUrl = row.awbNumber ? row.trackingUrl : null;
      if (!row.easyparcelOrderId || !courier) return { status: DEFAULT_TRACKING_STATUS, trackingUrl };
      try {
        const answer = await courier.parcelStatus(row.easyparcelOrderId, { shippedAt: row.shippedAt });
        return { status: answer.status || DEFAULT_TRACKING_STATUS, trackingUrl };
      } catch (error) {
        ctx.log.warn({ err: error, shipmentId: row.id }, 'courier status unavailable');
        return { status: DEFAULT_TRACKING_STATUS, trackingUrl };
      }
    },
  };
}

import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../db/database.ts';
import type { InventoryService } from '../inventory/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { PaymentIntent, PaymentsService } from '../payments/service.ts';
import type { ShipmentState } from './shipment-state.ts';
import { SHIPPING_PURPOSE } from './shipping-checkout.ts';
import { shipments } from './tables.ts';
import type { ShipmentRow } from './views.ts';

interface PaymentDeps {
  state: ShipmentState;
  inventory: InventoryService;
  notifications: NotificationsService;
  payments: PaymentsService;
}

/**
 * The shipping payment's events (docs/rules/fulfilment.md), each in the payment's transaction: paid
 * (the units leave the inventory, exactly once, and the courier job is queued), cancelled, failed.
 * Lock order: the event and intent (payments), then the shipment, then the inventory.
 */
export function registerShippingPayments(ctx: AppContext, deps: PaymentDeps): void {
  const { state, inventory, notifications, payments } = deps;

  async function markPaid(tx: Tx, row: ShipmentRow): Promise<void> {
    await inventory.consumeLocks(tx, 'shipment', row.id, 'shipped', row.userId);
    const now = ctx.clock.now();
    await tx
      .update(shipments)
      .set({ status: 'paid', paidAt: now, lastError: null, courierStatus: 'queued', courierNextAttemptAt: now })
      .where(eq(shipments.id, row.id));
    await notifications.notify(
      tx,
      [row.userId],
      'Your shipping payment was received. We are booking your parcel with the courier.',
    );
  }

  /** Paid after its window closed: takes the same units again if they are still free; false if they are gone. */
  async function relockUnits(tx: Tx, row: ShipmentRow, intent: PaymentIntent): Promise<boolean> {
    try {
      await tx.transaction(async (inner) => {
        await inventory.lockUnits(inner, row.userId, row.items, 'shipment', row.id);
      });
      return true;
    } catch {
      ctx.log.error(
        { shipmentId: row.id, intentId: intent.id },
        'shipment paid after cancellation and its units are gone: needs a refund',
      );
      await tx
        .update(shipments)
        .set({
          courierStatus: 'attention',
          courierLastError: 'Paid after the payment window closed; the units were no longer available (refund due).',
        })
        .where(eq(shipments.id, row.id));
      return false;
    }
  }

  /** The signed webhook said paid: the units leave the inventory here, exactly once. */
  payments.onSucceeded(SHIPPING_PURPOSE, async (tx: Tx, intent: PaymentIntent) => {
    const [row] = await tx.select().from(shipments).where(eq(shipments.paymentIntentId, intent.id)).for('update');
    if (!row || row.status === 'paid') return;
    if (row.status === 'awaiting_payment' || (await relockUnits(tx, row, intent))) await markPaid(tx, row);
  });

  payments.onCanceled(SHIPPING_PURPOSE, async (tx: Tx, intent: PaymentIntent) => {
    const [row] = await tx.select().from(shipments).where(eq(shipments.paymentIntentId, intent.id)).for('update');
    if (row?.status === 'awaiting_payment') await state.cancelShipment(tx, row, 'The payment was cancelled.');
  });

  payments.onFailed(SHIPPING_PURPOSE, async (tx: Tx, intent: PaymentIntent) => {
    await tx
      .update(shipments)
      .set({ lastError: intent.lastError ?? 'The payment failed.' })
      .where(and(eq(shipments.paymentIntentId, intent.id), eq(shipments.status, 'awaiting_payment')));
  });
}

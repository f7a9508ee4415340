import type { PickupPoint } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { InventoryService } from '../inventory/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { OrdersService } from '../orders/service.ts';
import type { PaymentsService } from '../payments/service.ts';
import { FulfilmentBackOffice } from './admin.ts';
import { createCourier, type Courier } from './courier.ts';
import { remindCollectionsTomorrow } from './collection-reminders.ts';
import { CourierJobs } from './courier-jobs.ts';
import { CollectionBookings } from './self-collection.ts';
import { createFulfilmentPersonalData } from './personal-data.ts';
import { createShipmentReads } from './shipment-reads.ts';
import { createShipmentState } from './shipment-state.ts';
import { ShippingCheckout } from './shipping-checkout.ts';
import { registerShippingPayments } from './shipping-payments.ts';

export { COURIER_MAX_ATTEMPTS } from './courier-jobs.ts';
export { OTHER_ADDRESS_PHONE_MESSAGE, SHIPPING_PURPOSE } from './shipping-checkout.ts';

interface Deps {
  inventory: InventoryService;
  payments: PaymentsService;
  accounts: AccountsService;
  notifications: NotificationsService;
  orders: OrdersService;
  /** The shop's self-collection pickup point (a shop setting, docs/rules/shop-ops.md). */
  pickupPoint: () => Promise<PickupPoint>;
  courier?: Courier | null;
}

/**
 * Shipping (paid by card, handed to the courier by a stored job) and self-collection
 * (docs/rules/fulfilment.md). Units are locked through the inventory service while a shipment awaits
 * payment or a collection is pending. The use cases: shipping-checkout.ts, shipping-payments.ts,
 * shipment-state.ts (cancel, expiry), shipment-reads.ts, courier-jobs.ts, self-collection.ts, admin.ts.
 */
export function createFulfilmentService(ctx: AppContext, deps: Deps) {
  const { inventory, payments, accounts, notifications, orders } = deps;
  const courier = deps.courier === undefined ? createCourier(ctx.config) : deps.courier;
  const state = createShipmentState(ctx, { inventory });
  registerShippingPayments(ctx, { state, inventory, notifications, payments });
  const checkout = new ShippingCheckout(ctx, { state, inventory, payments, accounts });
  const reads = createShipmentReads(ctx, { accounts, courier });
  const courierJobs = new CourierJobs(ctx, courier, notifications);
  const collection = new CollectionBookings(ctx, { inventory, notifications, orders, pickupPoint: deps.pickupPoint });
  const admin = new FulfilmentBackOffice(ctx, { accounts, notifications });

  const service = {
    courier,
    /** The shopper's shipments and collections in their data export; their receivers' anonymisation (docs/rules/personal-data.md). */
    personalData: createFulfilmentPersonalData(ctx),
    createShippingIntent: checkout.createShippingIntent,
    processingStatus: checkout.processingStatus,
    verifyShipment: checkout.verifyShipment,
    userShipments: reads.userShipments,
    shipment: reads.shipment,
    courierState: reads.courierState,
    tracking: reads.tracking,
    expireShipments: state.expireShipments,
    runCourierJobs: courierJobs.runCourierJobs,
    remindCollectionsTomorrow: () => remindCollectionsTomorrow(ctx, notifications),
    collectionSlots: collection.collectionSlots,
    createCollection: collection.createCollection,
    userCollections: collection.userCollections,
    changeCollection: collection.changeCollection,
    orderSelfCollect: collection.orderSelfCollect,
    adminShipments: admin.adminShipments,
    pendingPaidShipments: admin.pendingPaidShipments,
    markShipped: admin.markShipped,
    adminCollections: admin.adminCollections,
    queueCounts: admin.queueCounts,

    /** The periodic work: expire unpaid shipments, hand paid ones to the courier, the two-week clock. */
    /** The three fulfilment jobs at once (tests): expire unpaid shipments, hand paid ones to the courier, the two-week clock. */
    async runJobs() {
      const expired = await service.expireShipments();
      const courierResult = await service.runCourierJobs();
      const clock = await inventory.runClock();
      return { expired, ...courierResult, ...clock };
    },

    /** Whether shipments can be booked at all (the courier job warns once at start when not). */
    hasCourier: () => Boolean(courier),
  };
  return service;
}
export type FulfilmentService = ReturnType<typeof createFulfilmentService>;

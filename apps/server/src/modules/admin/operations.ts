import type { AdminOrderDetail, InventoryResponse } from '@kujiya/shared';
import type { Principal } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { notFound } from '../../core/http-errors.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { AuditService } from '../audit/service.ts';
import type { FulfilmentService } from '../fulfilment/service.ts';
import type { InventoryService } from '../inventory/service.ts';
import type { OrdersService } from '../orders/service.ts';

const USER_NOT_FOUND = 'User not found';

interface OperationsDeps {
  audit: AuditService;
  orders: OrdersService;
  fulfilment: FulfilmentService;
  inventory: InventoryService;
  accounts: AccountsService;
}

/** Running the orders and parcels (docs/rules/back-office.md): collections, shipments, an order, a shopper's inventory. */
export function createOperations(ctx: AppContext, deps: OperationsDeps) {
  const { audit, orders, fulfilment, inventory, accounts } = deps;

  return {
    async changeCollection(admin: Principal, collectionId: string, status: 'completed' | 'cancelled') {
      await fulfilment.changeCollection(admin, collectionId, {
        status,
        asAdmin: true,
        audit: (tx, before, after) =>
          audit.record(tx, {
            admin,
            action: `collection.${status}`,
            entityType: 'collection',
            entityId: collectionId,
            before,
            after,
          }),
      });
      return { message: 'Status updated' };
    },

    async markShipped(admin: Principal, shipmentId: string) {
      return ctx.db.transaction(async (tx) => {
        const { before, after } = await fulfilment.markShipped(tx, shipmentId);
        await audit.record(tx, {
          admin,
          action: 'shipment.shipped',
          entityType: 'shipment',
          entityId: shipmentId,
          before,
          after,
        });
        return { message: 'Shipment marked shipped' };
      });
    },

    /** GET /api/admin/orders/{orderId}: the order with everything about it, and its shopper (null if the account is gone). */
    async orderDetail(orderId: string): Promise<AdminOrderDetail> {
      const { userId, ...record } = await orders.adminOrderDetail(orderId);
      const account = await accounts.shopperProfile(userId).catch(() => null);
      const shopper = account && {
        id: account.id,
        username: account.username,
        email: account.email,
        disabled: account.disabled,
        createdAt: account.createdAt,
      };
      return { ...record, shopper };
    },

    async inventoryOf(usernameOrEmail: string): Promise<InventoryResponse> {
      const account = await accounts.findAccount(usernameOrEmail);
      if (!account) throw notFound(USER_NOT_FOUND);
      return inventory.inventoryOf(account.id);
    },
  };
}

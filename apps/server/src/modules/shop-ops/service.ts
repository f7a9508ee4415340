import type { PromoCodeUsesResponse, ShopperDetail, TokenAdjustmentRequest } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Principal } from '../../core/auth.ts';
import type { AuditService } from '../audit/service.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { WalletService } from '../wallet/service.ts';
import type { TokenShopService } from '../token-shop/service.ts';
import type { OrdersService } from '../orders/service.ts';
import type { InventoryService } from '../inventory/service.ts';
import type { FulfilmentService } from '../fulfilment/service.ts';
import type { TradingService } from '../trading/service.ts';

interface Deps {
  accounts: AccountsService;
  wallet: WalletService;
  tokenShop: TokenShopService;
  orders: OrdersService;
  inventory: InventoryService;
  fulfilment: FulfilmentService;
  trading: TradingService;
  audit: AuditService;
}

export { createShopSettingsService } from './settings.ts';

const LEDGER_SHOWN = 200;

/** A shopper's whole record on one page, read as the shopper would see it. */
async function shopperDetail(ctx: AppContext, deps: Deps, shopperId: string): Promise<ShopperDetail> {
  const { accounts, wallet, orders, inventory, fulfilment, trading } = deps;
  const profile = await accounts.shopperProfile(shopperId);
  // The shopper's own views, read as the shopper would see them.
  const asShopper: Principal = { id: profile.id, username: profile.username, role: 'user' };
  const now = ctx.clock.now();
  const [balance, lots, ledger, orderList, stock, shipments, collections, trades] = await Promise.all([
    wallet.balance(ctx.db, shopperId, now),
    wallet.lots(shopperId, now),
    wallet.ledger(shopperId),
    orders.userOrders(asShopper, profile.username),
    inventory.inventoryOf(shopperId),
    fulfilment.userShipments(asShopper, profile.username),
    fulfilment.userCollections(asShopper),
    trading.tradesOfUser(shopperId),
  ]);
  const allLots = [...lots.active, ...lots.expired];
  return {
    profile,
    balance,
    lots: allLots.map((lot) => ({
      id: lot.id,
      amount: lot.amount,
      amountLeft: lot.amountLeft,
      source: lot.source,
      reference: lot.reference,
      expiresAt: lot.expiresAt.toISOString(),
      createdAt: lot.createdAt.toISOString(),
    })),
    ledger: ledger
      .slice(-LEDGER_SHOWN)
      .reverse()
      .map((row) => ({
        id: row.id,
        delta: row.delta,
        reason: row.reason,
        reference: row.reference,
        createdAt: row.createdAt.toISOString(),
      })),
    orders: orderList.orders,
    inventory: Object.entries(stock).flatMap(([setName, items]) => items.map((item) => ({ setName, ...item }))),
    shipments: shipments.shipments,
    collections: collections.collections,
    trades,
  };
}

/**
 * The back office's view of shoppers (docs/rules/shop-ops.md): their whole record on one page,
 * disable/enable, and token adjustments with a reason. Everything through the owning modules' services.
 */
export function createShopOpsService(ctx: AppContext, deps: Deps) {
  const { accounts, wallet, tokenShop, trading, audit } = deps;

  return {
    shopperDetail: (shopperId: string) => shopperDetail(ctx, deps, shopperId),

    /**
     * Disables (every session ends at once, login refused, open trades and offers ended with their units
     * unlocked) or enables a shopper; audited. Nothing the shopper owns is lost.
     */
    async setShopperDisabled(admin: Principal, shopperId: string, disabled: boolean) {
      return ctx.db.transaction(async (tx) => {
        const { before, after } = await accounts.setShopperDisabled(tx, shopperId, disabled);
        if (before.disabled !== after.disabled) {
          const ended = disabled ? await trading.endAllOf(tx, shopperId) : undefined;
          await audit.record(tx, {
            admin,
            action: disabled ? 'shopper.disable' : 'shopper.enable',
            entityType: 'shopper',
            entityId: shopperId,
            before,
            after: ended ? { ...after, tradesCancelled: ended.trades, offersWithdrawn: ended.offers } : after,
          });
        }
        return after;
      });
    },

    /** A ledger row (reason `adjustment`) and an audit entry with the admin's reason; never below zero. */
    async adjustTokens(
      admin: Principal,
      shopperId: string,
      input: TokenAdjustmentRequest,
    ): Promise<{ balance: number }> {
      await accounts.shopperProfile(shopperId);
      await ctx.db.transaction(async (tx) => {
        const now = ctx.clock.now();
        const before = await wallet.balance(tx, shopperId, now);
        await wallet.adjust(tx, { userId: shopperId, delta: input.delta, reference: `admin:${admin.id}` });
        await audit.record(tx, {
          admin,
          action: 'shopper.adjust_tokens',
          entityType: 'shopper',
          entityId: shopperId,
          before: { balance: before },
          after: { balance: before + input.delta, delta: input.delta, reason: input.reason },
        });
      });
      return { balance: await wallet.balance(ctx.db, shopperId) };
    },

    /** A promo code's uses with each shopper's username. */
    async promoCodeUses(promoCodeId: string): Promise<PromoCodeUsesResponse> {
      const { promoCode, uses } = await tokenShop.adminPromoCodeUses(promoCodeId);
      const names = await accounts.getAccounts(
        ctx.db,
        uses.map((use) => use.userId),
      );
      return {
        promoCode,
        uses: uses.map((use) => ({ ...use, username: names.get(use.userId)?.username ?? '(deleted)' })),
      };
    },
  };
}

import type { AppContext } from '../../core/context.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { InventoryService } from '../inventory/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import { TradeExpiry } from './expiry.ts';
import { Listing } from './listing.ts';
import { TradeReads } from './reads.ts';
import { Settlement } from './settlement.ts';
import { createTradeRows } from './trade-rows.ts';
import { TradeViews } from './trade-views.ts';

/**
 * Trading (docs/rules/trading.md). Every change runs in one transaction that locks the trade row
 * first (then its offer), so accept, cancel, withdraw, reject and the expiry job are serialised per
 * trade; units move only through the inventory service's locks, so a unit is in one place at a time.
 * The use cases: listing.ts (post, offer), settlement.ts (accept, reject, withdraw, cancel),
 * reads.ts (marketplace, history, offers), expiry.ts (the expiry job).
 */
export function createTradingService(
  ctx: AppContext,
  deps: {
    inventory: InventoryService;
    catalogue: CatalogueService;
    accounts: AccountsService;
    notifications: NotificationsService;
  },
) {
  const { inventory, catalogue, accounts, notifications } = deps;
  const rows = createTradeRows(ctx, { inventory, accounts });
  const views = new TradeViews({ inventory, catalogue, accounts });
  const listing = new Listing(ctx, { rows, inventory, catalogue, accounts, notifications });
  const settlement = new Settlement(ctx, { rows, inventory, notifications });
  const reads = new TradeReads(ctx, { views, catalogue });
  const expiry = new TradeExpiry(ctx, { rows, inventory, notifications });

  const service = {
    create: listing.create,
    offer: listing.offer,
    withdraw: settlement.withdraw,
    accept: settlement.accept,
    reject: settlement.reject,
    cancel: settlement.cancel,
    endAllOf: settlement.endAllOf,
    tradesOfUser: reads.tradesOfUser,
    offersByUser: reads.offersByUser,
    marketplace: reads.marketplace,
    userTrades: reads.userTrades,
    history: reads.history,
    offersOf: reads.offersOf,
    productsWithPrizes: reads.productsWithPrizes,
    productImages: reads.productImages,
    expireDue: expiry.expireDue,
  };
  return service;
}
export type TradingService = ReturnType<typeof createTradingService>;

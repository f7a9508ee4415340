import type { AppContext } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { StockService } from '../stock/service.ts';

/** Usernames of the buyers of orders (orderId → username); the orders module provides it. */
export type BuyerNameLookup = (exec: Executor, orderIds: readonly string[]) => Promise<Map<string, string>>;

/** What fairness is built from: the round and its prizes (catalogue), its tickets (stock) and the buyers' names. */
export interface FairnessDeps {
  ctx: AppContext;
  catalogue: CatalogueService;
  stock: StockService;
  buyerNames: BuyerNameLookup;
}

import type { AppContext } from '../../core/context.ts';
import type { StockService } from '../stock/service.ts';
import type { RoundsService } from './rounds.ts';

/** What the catalogue's use cases are built from: the context, its rounds and the stock engine. */
export interface CatalogueDeps {
  ctx: AppContext;
  rounds: RoundsService;
  stock: StockService;
}

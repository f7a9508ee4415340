import type { AdminDoubleChancePrize, NewProduct, NewPromotion } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Executor, Tx } from '../../db/database.ts';
import type { StockService } from '../stock/service.ts';
import {
  editPrizes,
  setDoubleChancePrizes,
  setPreorder,
  updateProduct,
  type PrizeTextEdit,
  type ProductPatch,
} from './admin-edits.ts';
import { adminProductParts, adminSets, liveSellThrough } from './admin-lists.ts';
import { dropSettingsOf } from './views.ts';
import { roundBoard } from './board.ts';
import { setDropSettings, type DropSettingsPatch } from './drop-settings.ts';
import type { CatalogueDeps } from './deps.ts';
import { createListing } from './listing.ts';
import type { ListingChanges } from './listing-cache.ts';
import { listPrizes, prizesByIds, prizesOfProduct, prizesOfRound } from './prizes.ts';
import { createProduct, createPromotion, listPromotions, setActive } from './products.ts';
import { assertPrizesChangeable, reloadSet, type ReloadOptions } from './reload.ts';
import { getProductOfRound, isEmpty, lockProductOfRound, publicRound, roundsOfProduct } from './round-views.ts';
import type { RoundsService } from './rounds.ts';
import type { ProposedPrize } from './types.ts';

export * from './types.ts';
export type { Round, RoundsService } from './rounds.ts';
export type { PrizeTextEdit, ProductPatch } from './admin-edits.ts';
export type { DropSettingsPatch } from './drop-settings.ts';
export type { ReloadOptions } from './reload.ts';
export { createRoundsService } from './rounds.ts';
export { createListingChanges, type ListingChanges } from './listing-cache.ts';
export { nextSku } from './sku.ts';

/**
 * The catalogue (docs/rules/catalogue.md): products, prizes, rounds and promotions, the shop's
 * listing, and the back office's reads and edits of them. Built after stock (it fills a new round's
 * box and reads availability) from the `rounds` and `listingChanges` the composition root made first.
 */
export function createCatalogueService(
  ctx: AppContext,
  deps: { rounds: RoundsService; stock: StockService; listingChanges: ListingChanges },
) {
  const d: CatalogueDeps = { ctx, rounds: deps.rounds, stock: deps.stock };
  const { rounds } = deps;
  return {
    ...rounds,
    ...createListing(d, deps.listingChanges),
    // Products and promotions.
    createProduct: (tx: Tx, input: NewProduct, options?: { listedAt?: Date }) => createProduct(d, tx, input, options),
    reloadSet: (tx: Tx, productId: string, options?: ReloadOptions) => reloadSet(d, tx, productId, options),
    assertPrizesChangeable: (exec: Executor, productId: string, proposed: readonly ProposedPrize[]) =>
      assertPrizesChangeable(d, exec, productId, proposed),
    setActive: (productId: string, active: boolean) => setActive(d, ctx.db, productId, active),
    createPromotion: (exec: Executor, input: NewPromotion) => createPromotion(d, exec, input),
    listPromotions: () => listPromotions(ctx.db),
    // Rounds and prizes as purchases, results and the fairness pages read them.
    // The wait for the round's lock is measured (kujiya_round_lock_wait_seconds, docs/operations.md).
    lockProductOfRound: (tx: Tx, setId: string) => ctx.metrics.timeRoundLock(() => lockProductOfRound(tx, setId)),
    getProductOfRound,
    publicRound,
    roundsOfProduct: (productId: string) => roundsOfProduct(ctx.db, productId),
    isEmpty: () => isEmpty(ctx.db),
    listPrizes: (exec: Executor, setId: string, productId: string) => listPrizes(rounds, exec, setId, productId),
    prizesByIds,
    prizesOfProduct,
    prizesOfRound,
    /** The round's collection sheet now: the live board and the drop monitor (docs/rules/drops.md). */
    roundBoard: (setId: string) => roundBoard(d, ctx.db, setId),
    // The back office (docs/rules/back-office.md).
    adminSets: (query: { page: number; search: string }) => adminSets(ctx.db, query),
    adminProductParts: (productId: string) => adminProductParts(d, ctx.db, productId),
    liveSellThrough: () => liveSellThrough(ctx.db),
    /** The set's scheduled opening and limits as answers show them (docs/rules/drops.md). */
    dropSettingsOf,
    setDropSettings: (tx: Tx, productId: string, patch: DropSettingsPatch) => setDropSettings(d, tx, productId, patch),
    updateProduct: (tx: Tx, productId: string, patch: ProductPatch) => updateProduct(rounds, tx, productId, patch),
    editPrizes: (tx: Tx, productId: string, edits: readonly PrizeTextEdit[]) =>
      editPrizes(rounds, tx, productId, edits),
    setDoubleChancePrizes: (tx: Tx, productId: string, wanted: readonly AdminDoubleChancePrize[]) =>
      setDoubleChancePrizes(rounds, tx, productId, wanted),
    setPreorder: (tx: Tx, productId: string, preorder: boolean) => setPreorder(rounds, tx, productId, preorder),
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;

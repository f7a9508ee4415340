import { and, eq, inArray, or } from 'drizzle-orm';
import type { Offer, OfferedPrize, Trade, WantedPrize } from '@kujiya/shared';
import type { Executor } from '../../db/database.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { InventoryService } from '../inventory/service.ts';
import { tradeItems, tradeOffers } from './tables.ts';
import type { ItemRow, OfferRow, TradeRow } from './trade-rows.ts';

/** Trades and offers as the shop shows them (docs/rules/trading.md): prizes, sets, ship-by dates and people. */
export class TradeViews {
  private readonly inventory: InventoryService;
  private readonly catalogue: CatalogueService;
  private readonly accounts: AccountsService;

  constructor(deps: { inventory: InventoryService; catalogue: CatalogueService; accounts: AccountsService }) {
    this.inventory = deps.inventory;
    this.catalogue = deps.catalogue;
    this.accounts = deps.accounts;
  }

  private async details(exec: Executor, items: ItemRow[]) {
    const prizes = new Map(
      (await this.catalogue.prizesByIds(exec, [...new Set(items.map((i) => i.prizeId))])).map((p) => [p.id, p]),
    );
    const products = new Map<string, { name: string; arrival: string | null }>();
    for (const productId of new Set(items.map((i) => i.productId))) {
      const product = await this.catalogue.getProduct(exec, productId);
      products.set(productId, { name: product.name, arrival: product.preorder ? product.arrival : null });
    }
    const batchIds = items.map((i) => i.batchId).filter((id): id is string => id !== null);
    const batches = new Map((await this.inventory.batchesByIds(exec, batchIds)).map((b) => [b.id, b]));
    const prizeDetails = (prizeId: string) => {
      const p = prizes.get(prizeId);
      return { name: p?.name ?? 'Prize', description: p?.description ?? '', image: p?.image ?? '' };
    };
    const given = (i: ItemRow): OfferedPrize => {
      // A live batch shows its current ship-by date (a pre-order may have been converted since).
      const batch = i.batchId ? batches.get(i.batchId) : undefined;
      const shipBy = batch && batch.status === 'in_inventory' ? batch.shipByDate : i.shipByDate;
      const product = products.get(i.productId)!;
      return {
        prizeId: i.prizeId,
        productId: i.productId,
        prizeDetails: prizeDetails(i.prizeId),
        quantity: i.quantity,
        shipByDate: shipBy ? shipBy.toISOString() : null,
        estimatedArrival: shipBy ? null : product.arrival,
        setName: product.name,
      };
    };
    const wanted = (i: ItemRow): WantedPrize => ({
      prizeId: i.prizeId,
      productId: i.productId,
      prizeDetails: prizeDetails(i.prizeId),
      quantity: i.quantity,
      productDetails: { name: products.get(i.productId)!.name },
    });
    return { given, wanted };
  }

  async offerViews(exec: Executor, offers: OfferRow[]): Promise<Offer[]> {
    if (offers.length === 0) return [];
    const items = await exec
      .select()
      .from(tradeItems)
      .where(
        inArray(
          tradeItems.offerId,
          offers.map((o) => o.id),
        ),
      );
    const { given } = await this.details(exec, items);
    const users = await this.accounts.getAccounts(
      exec,
      offers.map((o) => o.userId),
    );
    return offers.map((o) => {
      const user = users.get(o.userId);
      return {
        _id: o.id,
        tradeId: o.tradeId,
        fromUser: { username: user?.username ?? 'unknown', profilePicture: user?.profilePicture ?? null },
        offeredPrizes: items
          .filter((i) => i.offerId === o.id)
          .map((i) => {
            const g = given(i);
            return { ...g, prizeId: { _id: i.prizeId, ...g.prizeDetails } };
          }),
        status: o.status,
        createdAt: o.createdAt.toISOString(),
      };
    });
  }

  /** Trades as `viewerId` sees them: their own live offer, and in the history their side of the swap. */
  async tradeViews(exec: Executor, rows: TradeRow[], viewerId: string): Promise<Trade[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const items = await exec.select().from(tradeItems).where(inArray(tradeItems.tradeId, ids));
    const offers = await exec
      .select()
      .from(tradeOffers)
      .where(
        and(
          inArray(tradeOffers.tradeId, ids),
          or(eq(tradeOffers.status, 'active'), eq(tradeOffers.status, 'accepted')),
        ),
      );
    const { given, wanted } = await this.details(exec, items);
    const users = await this.accounts.getAccounts(exec, [
      ...rows.map((r) => r.userId),
      ...rows.map((r) => r.partnerId).filter((x): x is string => x !== null),
    ]);
    const mine = offers.filter((o) => o.userId === viewerId && o.status === 'active');
    const myOffers = new Map((await this.offerViews(exec, mine)).map((o) => [o.tradeId, o]));
    return rows.map((trade) => {
      const creator = users.get(trade.userId);
      const of = (side: ItemRow['side'], offerId: string | null = null) =>
        items.filter((i) => i.tradeId === trade.id && i.side === side && (offerId === null || i.offerId === offerId));
      let offered = of('offered').map(given);
      let received: OfferedPrize[] = [];
      let partnerUsername: string | null = null;
      if (trade.status === 'completed' && trade.acceptedOfferId) {
        const fromOffer = of('offer', trade.acceptedOfferId).map(given);
        if (trade.userId === viewerId) {
          received = fromOffer;
          partnerUsername = users.get(trade.partnerId!)?.username ?? null;
        } else {
          received = offered;
          offered = fromOffer;
          partnerUsername = creator?.username ?? null;
        }
      }
      return {
        _id: trade.id,
        createdBy: { username: creator?.username ?? 'unknown', profilePicture: creator?.profilePicture ?? null },
        createdAt: trade.createdAt.toISOString(),
        prizesOffered: offered,
        prizesWanted: of('wanted').map(wanted),
        userOffer: myOffers.get(trade.id) ?? null,
        offerCount: offers.filter((o) => o.tradeId === trade.id && o.status === 'active').length,
        completedAt: trade.status === 'completed' && trade.endedAt ? trade.endedAt.toISOString() : null,
        status: trade.status,
        prizesReceived: received,
        partnerUsername,
      };
    });
  }
}

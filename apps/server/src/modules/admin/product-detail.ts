import { centsToDollars, type AdminProduct } from '@kujiya/shared';
import type { CatalogueService } from '../catalogue/service.ts';
import type { OrdersService } from '../orders/service.ts';

/** GET /api/admin/products/{id}: the set, its current round, its prizes and the round's paid lottery orders. */
export function createProductDetail(deps: { catalogue: CatalogueService; orders: OrdersService }) {
  const { catalogue, orders } = deps;

  return async function productDetail(productId: string): Promise<AdminProduct> {
    const parts = await catalogue.adminProductParts(productId);
    const roundOrders = await orders.ordersOfRound(parts.round.id);
    return {
      ...parts.row,
      productImage: parts.product.image,
      description: parts.product.description,
      tags: parts.product.tags,
      price: centsToDollars(parts.product.priceCents),
      token: parts.product.tokenPrice,
      doubleChance: parts.product.doubleChance,
      promotion: parts.promotion,
      lottery: {
        enabled: parts.product.lotteryEnabled,
        completed: parts.round.lotteryCompleted,
        totalTickets: parts.round.totalTickets,
        ticketsLeft: parts.ticketsLeft,
        // Every paid lottery order of the round, with its buyer and result.
        orders: roundOrders
          .filter((order) => order.status === 'paid' && order.lotteryEnabled)
          .sort((a, b) => (a.paidAt?.getTime() ?? 0) - (b.paidAt?.getTime() ?? 0))
          .map((order) => ({
            orderId: order.id,
            username: order.username,
            selectedPrizes: order.selectedPrizes,
            numberOfTickets: order.numberOfTickets,
            paidAt: order.paidAt?.toISOString() ?? null,
            lotteryWon: order.lotteryWon,
          })),
      },
      prizes: parts.prizes,
      roundNumber: parts.round.roundNumber,
      roundStatus: parts.round.status,
      commitment: parts.round.commitment,
      ...catalogue.dropSettingsOf(parts.product, parts.round),
    };
  };
}
export type ProductDetail = ReturnType<typeof createProductDetail>;

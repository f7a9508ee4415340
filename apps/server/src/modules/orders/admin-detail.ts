import type { AdminOrderDetail, AdminOrderDraw, AdminOrderRefund } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { FairnessService } from '../fairness/service.ts';
import type { PaymentsService } from '../payments/service.ts';
import type { StockService } from '../stock/service.ts';
import type { WalletService } from '../wallet/service.ts';
import type { KujiOrder as OrderRow } from './order-view.ts';

interface Deps {
  catalogue: CatalogueService;
  stock: StockService;
  wallet: WalletService;
  payments: PaymentsService;
  fairness: FairnessService;
}

/** An order as the back office opens it, without the shopper (the admin module adds them). */
export type AdminOrderRecord = Omit<AdminOrderDetail, 'shopper'> & { userId: string };

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const CARD_REFUND_STATUS = { refund_pending: 'pending', refunding: 'sending', refunded: 'done' } as const;

/** The order's ticket draws and sell-out picks, with the prizes' names. */
async function drawsOf(ctx: AppContext, deps: Deps, order: OrderRow): Promise<AdminOrderDraw[]> {
  const [tickets, picks, prizes] = await Promise.all([
    deps.stock.ticketsOfOrder(ctx.db, order.id),
    deps.fairness.picksOfOrder(order.id),
    deps.catalogue.listPrizes(ctx.db, order.roundId, order.productId).catch(() => []),
  ]);
  const nameOf = (rank: string | null) =>
    rank === null ? null : (prizes.find((prize) => prize.rank === rank)?.name ?? null);
  const ticketDraws = tickets.map((ticket): AdminOrderDraw => {
    const prize = order.lotteryEnabled ? null : ticket.letter;
    return { kind: order.lotteryEnabled ? 'entry' : 'ticket', nonce: ticket.nonce, prize, prizeName: nameOf(prize) };
  });
  const pickDraws = picks.map((pick): AdminOrderDraw => ({
    kind: pick.domain,
    nonce: pick.n,
    prize: pick.prize,
    prizeName: nameOf(pick.prize),
  }));
  return [...ticketDraws, ...pickDraws];
}

/**
 * The back office's order page (docs/rules/back-office.md): everything the shop holds about one order,
 * read through the owning modules (`getOrder` answers 404 for an unknown id): its tickets and sell-out wins, its card payment and the gateway's
 * events, its refunds, the token ledger rows it caused and its fairness receipt.
 */
export function createAdminOrderDetail(ctx: AppContext, deps: Deps, getOrder: (orderId: string) => Promise<OrderRow>) {
  const { wallet, payments, fairness } = deps;

  return {
    /** GET /api/admin/orders/{orderId}: any order, paid or not; unknown is 404. */
    async adminOrderDetail(orderId: string): Promise<AdminOrderRecord> {
      const order = await getOrder(orderId);
      const card = order.paymentMethod === 'card';
      const [draws, intent, events, ledger, receipt] = await Promise.all([
        drawsOf(ctx, deps, order),
        card ? payments.getIntent(ctx.db, order.paymentIntentId) : null,
        card ? payments.eventsOfIntent(order.paymentIntentId) : [],
        wallet.ledgerOfReference(order.userId, order.id),
        fairness.receiptForOrder(ctx.db, order.id),
      ]);
      const refunds: AdminOrderRefund[] = [];
      if (order.status === 'refund_pending' || order.status === 'refunding' || order.status === 'refunded') {
        const refundEvent = events.find((event) => event.type.includes('refund') && event.outcome === 'applied');
        refunds.push({
          kind: 'card',
          amount: order.totalCost,
          status: CARD_REFUND_STATUS[order.status],
          at: iso(refundEvent?.receivedAt ?? null),
        });
      }
      for (const row of ledger.filter((entry) => entry.reason === 'refund')) {
        refunds.push({ kind: 'tokens', amount: row.delta, status: 'done', at: row.createdAt.toISOString() });
      }
      return {
        userId: order.userId,
        order: {
          id: order.id,
          status: order.status,
          productId: order.productId,
          productName: order.productName,
          productImage: order.productImage,
          sku: order.sku,
          setId: order.roundId,
          paymentMethod: order.paymentMethod,
          paidTickets: order.paidTickets,
          numberOfTickets: order.numberOfTickets,
          totalCost: order.totalCost,
          buyOut: order.buyOut,
          clientSeed: order.clientSeed,
          selectedPrizes: order.selectedPrizes,
          doubleChancePrizes: order.doubleChancePrizes,
          challengeAlphabet: order.challengeAlphabet,
          challengeWon: order.challengeWon,
          lotteryEnabled: order.lotteryEnabled,
          lotteryWon: order.lotteryWon,
          preorder: order.preorder,
          createdAt: order.createdAt.toISOString(),
          paidAt: iso(order.paidAt),
          drawnAt: iso(order.drawnAt),
          revealedAt: iso(order.revealedAt),
          shipByDate: iso(order.shipByDate),
        },
        draws,
        payment: intent && {
          id: intent.id,
          status: intent.status,
          amount: intent.amount,
          currency: intent.currency,
          lastError: intent.lastError,
          createdAt: intent.createdAt.toISOString(),
          updatedAt: intent.updatedAt.toISOString(),
          events: events.map((event) => ({ ...event, receivedAt: event.receivedAt.toISOString() })),
        },
        refunds,
        tokenLedger: ledger.map((row) => ({ delta: row.delta, reason: row.reason, at: row.createdAt.toISOString() })),
        receipt,
      };
    },
  };
}

import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { badRequest, forbidden, locked, notFound } from '../../core/http-errors.ts';
import { HOLD_MESSAGE, quotePurchase } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Principal } from '../../core/auth.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { NOT_ENOUGH_TICKETS } from '../stock/service.ts';
import type { PaymentsService } from '../payments/service.ts';
import type { LiveService } from '../live/service.ts';
import type { Round } from '../catalogue/service.ts';
import { shipByDateFor } from '../inventory/service.ts';
import { insertJsonRows } from '../../core/json-rows.ts';
import { startNow } from '../../db/round-trips.ts';
import { orders } from './tables.ts';
import { ORDER_NOT_FOUND } from './constants.ts';
import type { OrderRow, RoundContext, SettleDeps, Settlement } from './settle.ts';

/**
 * Who may buy a set right now (the waiting room, docs/rules/drops.md): called before the purchase
 * transaction on every purchase path; throws an HttpError to refuse. Given by the composition root.
 */
export interface Admission {
  assertMayBuy(userId: string, setId: string, now: Date): Promise<void>;
  /**
   * The check for several shoppers at once (a purchase batch): per shopper, null or the refusal to
   * throw, and the write of their admissions' use, which runs beside the purchase (await it before answering).
   */
  refusals(
    userIds: readonly string[],
    setId: string,
    now: Date,
  ): Promise<{ refusals: (Error | null)[]; usesWritten: Promise<void> }>;
}

/** Hears every refused purchase with its error code (sync and cheap: it runs on the buyer's path). */
export interface PurchaseRefusals {
  record(setId: string, reason: string): void;
}

export interface OrdersDeps extends SettleDeps {
  payments: PaymentsService;
  live?: LiveService;
  /** The waiting room's gate (docs/rules/drops.md); none: every shopper may buy. */
  admission?: Admission;
  /** The drop monitor's refusal counts (docs/rules/drops.md). */
  purchaseRefusals?: PurchaseRefusals;
}

/** What every use case of the orders module is given (built once by the facade, service.ts). */
export interface OrdersEnv {
  ctx: AppContext;
  deps: OrdersDeps;
  settlement: Settlement;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const defaultClientSeed = () => crypto.randomBytes(16).toString('hex');

export function assertOwnUsername(user: Principal, username: string) {
  if (username.trim().toLowerCase() !== user.username.toLowerCase())
    throw forbidden('You can only buy tickets for your own account.');
}

/** 423 while another order's card buy-out holds the round (docs/rules/buying.md). */
export function assertNoHold(env: OrdersEnv, round: Round, ownOrderId?: string) {
  const holdTimeLeft = env.deps.catalogue.holdSecondsLeft(round);
  if (holdTimeLeft > 0 && round.holdOrderId !== ownOrderId) throw locked(HOLD_MESSAGE, { holdTimeLeft });
}

/** Validates the order size against what is left; answers the paid and received tickets. */
export function quoteOrThrow(rc: RoundContext, left: number, paid: number) {
  if (rc.round.status !== 'open') throw badRequest(NOT_ENOUGH_TICKETS, { ticketsLeft: 0 });
  const quote = quotePurchase(paid, left, rc.promotion);
  if (!quote.ok) {
    if (quote.reason === 'below_minimum')
      throw badRequest(`You must buy at least ${quote.minimum} tickets for this set.`);
    throw badRequest(NOT_ENOUGH_TICKETS, { ticketsLeft: left });
  }
  return quote;
}

export type NewOrder = {
  id: string;
  user: Principal;
  rc: RoundContext;
  method: 'token' | 'card';
  paid: number;
  received: number;
  totalCost: number;
  paymentIntentId: string;
  clientSeed: string;
  buyOut: boolean;
  status: 'pending' | 'paid';
  reservationId?: string;
  reservationExpiresAt?: Date;
};

function rowOf(values: NewOrder, createdAt: Date): OrderRow {
  const { product, round } = values.rc;
  return {
    id: values.id,
    userId: values.user.id,
    username: values.user.username,
    roundId: round.id,
    productId: product.id,
    productName: product.name,
    productImage: product.image,
    sku: round.sku,
    preorder: product.preorder,
    paymentMethod: values.method,
    paidTickets: values.paid,
    numberOfTickets: values.received,
    totalCost: values.totalCost,
    paymentIntentId: values.paymentIntentId,
    status: values.status,
    refundClaimedAt: null,
    buyOut: values.buyOut,
    clientSeed: values.clientSeed,
    reservationId: values.reservationId ?? null,
    reservationExpiresAt: values.reservationExpiresAt ?? null,
    selectedPrizes: [],
    doubleChancePrizes: [],
    challengeAlphabet: null,
    challengeWon: false,
    challengeRemainingTickets: 0,
    refundedTokens: 0,
    lotteryEnabled: product.lotteryEnabled,
    lotteryWon: null,
    drawnAt: null,
    revealedAt: null,
    createdAt,
    paidAt: values.status === 'paid' ? createdAt : null,
    shipByDate: shipByDateFor(createdAt, product.preorder),
  };
}

/** Inserts orders in one statement; answers the rows in the same order. */
export async function insertOrders(tx: Tx, env: OrdersEnv, list: readonly NewOrder[]): Promise<OrderRow[]> {
  const rows = newOrderRows(env, list);
  await insertOrderRows(tx, rows);
  return rows;
}

/** The rows `insertOrders` writes, every column given (typed as the full row): exactly the rows stored. */
export function newOrderRows(env: OrdersEnv, list: readonly NewOrder[]): OrderRow[] {
  const createdAt = env.ctx.clock.now();
  return list.map((values) => rowOf(values, createdAt));
}

/**
 * Inserts order rows, one JSON parameter for the whole batch instead of a bound value per column
 * (docs/performance.md). Sent before this returns (a purchase batch sends its round's lock right behind it).
 */
export async function insertOrderRows(tx: Tx, rows: readonly OrderRow[]): Promise<void> {
  if (rows.length > 0) await startNow(tx.execute(insertJsonRows(orders, rows)));
}

export async function findOrder(exec: Executor, orderId: string, forUpdate = false): Promise<OrderRow | null> {
  if (!UUID.test(orderId)) return null;
  const query = exec.select().from(orders).where(eq(orders.id, orderId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** The caller's own order; anyone else's (or none) is a 404 that leaks nothing (docs/rules/security.md). */
export async function ownOrder(exec: Executor, user: Principal, orderId: string): Promise<OrderRow> {
  const order = await findOrder(exec, orderId);
  if (!order || order.userId !== user.id) throw notFound(ORDER_NOT_FOUND);
  return order;
}

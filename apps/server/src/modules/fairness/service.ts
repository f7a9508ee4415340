import { and, asc, eq } from 'drizzle-orm';
import {
  drawDoubleChance,
  drawLottery,
  maskBuyerName,
  prizeUnits,
  type FairnessLogEntry,
  type FairnessRound,
} from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Executor, Tx } from '../../db/database.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { StockService } from '../stock/service.ts';
import { fairnessPicks } from './tables.ts';

export type SellOutDomain = 'lottery' | 'double';

/** One sell-out pick: unit `prize` went to ticket `ticketIndex` of order `orderId`. */
export interface SellOutPick {
  n: number;
  ticketIndex: number;
  prize: string;
  orderId: string | null;
}

/** Usernames of the buyers of orders (orderId → username); the orders module provides it. */
export type BuyerNameLookup = (orderIds: string[], exec: Executor) => Promise<Map<string, string>>;

/**
 * The public, verifiable side of the draw (docs/rules/fairness.md, promotions.md): the fairness JSON of a round, and the
 * sell-out picks (lottery, double chance) drawn once and logged.
 */
export function createFairnessService(ctx: AppContext, deps: { catalogue: CatalogueService; stock: StockService }) {
  const { catalogue, stock } = deps;
  let buyerNames: BuyerNameLookup | null = null;

  /** The round's prize quantities as published: letter prizes (the box) and double-chance prizes. */
  async function roundPrizes(setId: string, productId: string, exec: Executor) {
    const list = await catalogue.listPrizes(setId, productId, exec);
    const initial = (quantity: string) => Number(quantity.split('/')[1]);
    return {
      letters: list.filter((p) => /^[A-Z]$/.test(p.rank)).map((p) => ({ letter: p.rank, quantity: initial(p.quantity) })),
      double: list.filter((p) => p.doubleChance).map((p) => ({ rank: p.rank, name: p.name, quantity: initial(p.quantity) })),
    };
  }

  async function picksOf(exec: Executor, roundId: string, domain: SellOutDomain) {
    return exec
      .select()
      .from(fairnessPicks)
      .where(and(eq(fairnessPicks.roundId, roundId), eq(fairnessPicks.domain, domain)))
      .orderBy(asc(fairnessPicks.n));
  }

  return {
    /** Lets the orders module tell whose order a ticket is (masked in the log). */
    setBuyerNameLookup(lookup: BuyerNameLookup): void {
      buyerNames = lookup;
    },

    /**
     * Draws a sold-out round's lottery (every letter prize unit, letters in order) or double-chance
     * prizes (in prize order) among its tickets in nonce order, inside the caller's transaction, and
     * logs the picks. Exactly once: a second call returns the logged picks and draws nothing.
     */
    async drawSellOut(tx: Tx, roundId: string, domain: SellOutDomain): Promise<SellOutPick[]> {
      const round = await catalogue.lockRound(tx, roundId);
      const existing = await picksOf(tx, roundId, domain);
      if (existing.length > 0) {
        return existing.map((p) => ({ n: p.n, ticketIndex: p.ticketIndex, prize: p.prize, orderId: p.orderId }));
      }
      const [log, box] = [await stock.drawLog(roundId, tx), await stock.box(roundId, tx)];
      if (log.length !== box.length) throw new Error(`Round ${roundId} is not sold out: ${log.length}/${box.length} tickets drawn`);
      const entries = log.map((entry) => entry.ticketIndex);
      const orderOf = new Map(log.map((entry) => [entry.ticketIndex, entry.orderId]));
      const units =
        domain === 'lottery' ? box : prizeUnits((await roundPrizes(roundId, round.productId, tx)).double);
      if (units.length === 0) return [];
      const draw = domain === 'lottery' ? drawLottery : drawDoubleChance;
      const picks = draw(round.serverSeed, entries, units).map((pick) => ({
        n: pick.n,
        ticketIndex: pick.ticketIndex,
        prize: pick.unit,
        orderId: orderOf.get(pick.ticketIndex) ?? null,
      }));
      const pickedAt = ctx.clock.now();
      await tx.insert(fairnessPicks).values(picks.map((pick) => ({ roundId, domain, ...pick, pickedAt })));
      return picks;
    },

    /** The sell-out picks of a round already drawn, per domain in pick order. */
    async sellOutPicks(roundId: string, domain: SellOutDomain, exec: Executor = ctx.db): Promise<SellOutPick[]> {
      const rows = await picksOf(exec, roundId, domain);
      return rows.map((p) => ({ n: p.n, ticketIndex: p.ticketIndex, prize: p.prize, orderId: p.orderId }));
    },

    /**
     * GET /api/fairness/{setId}: the round's commitment, its seed once revealed (sold out or
     * reloaded), the canonical box, the prize quantities and the whole draw log. Read in one
     * snapshot so the seed, the box and the log always belong together. 404 for an unknown round.
     */
    async publicRound(setId: string): Promise<FairnessRound> {
      return ctx.db.transaction(
        async (tx) => {
          const round = await catalogue.publicRound(setId, tx);
          const { product } = await catalogue.getProductOfRound(setId, tx);
          const prizes = await roundPrizes(setId, round.productId, tx);
          const box = await stock.box(setId, tx);
          const tickets = await stock.drawLog(setId, tx);
          // Log order: ticket draws, then lottery picks, then double-chance picks.
          const picks = [...(await picksOf(tx, setId, 'lottery')), ...(await picksOf(tx, setId, 'double'))];
          const orderIds = [...new Set([...tickets, ...picks].map((e) => e.orderId).filter((id): id is string => id !== null))];
          const names = buyerNames && orderIds.length > 0 ? await buyerNames(orderIds, tx) : new Map<string, string>();
          const buyer = (orderId: string | null) => {
            const name = orderId ? names.get(orderId) : undefined;
            return name ? maskBuyerName(name) : '***';
          };
          const log: FairnessLogEntry[] = [
            ...tickets.map((t) => ({
              domain: 'ticket' as const,
              nonce: t.nonce,
              clientSeed: t.clientSeed,
              ticketIndex: t.ticketIndex,
              letter: t.letter,
              buyer: buyer(t.orderId),
              at: t.takenAt.toISOString(),
            })),
            ...picks.map((p) => ({
              domain: p.domain,
              nonce: p.n,
              clientSeed: null,
              ticketIndex: p.ticketIndex,
              letter: p.prize,
              buyer: buyer(p.orderId),
              at: p.pickedAt.toISOString(),
            })),
          ];
          return {
            setId: round.setId,
            productId: round.productId,
            productName: round.productName,
            sku: round.sku,
            status: round.status,
            commitment: round.commitment,
            serverSeed: round.serverSeed,
            box,
            prizes: prizes.letters,
            lottery: product.lotteryEnabled,
            doubleChancePrizes: prizes.double,
            log,
          };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },
  };
}
export type FairnessService = ReturnType<typeof createFairnessService>;

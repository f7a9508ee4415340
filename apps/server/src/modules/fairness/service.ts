import { and, asc, eq, isNotNull } from 'drizzle-orm';
import {
  compareLogOrder,
  drawDoubleChance,
  drawLottery,
  extendChain,
  type FairnessExport,
  type FairnessReceipt,
  type FairnessReceiptEntry,
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

/** A log entry with the order it belongs to (admin export only; the public log masks the buyer). */
type LogEntryWithOrder = FairnessLogEntry & { orderId: string | null };

/** Usernames of the buyers of orders (orderId → username); the orders module provides it. */
export type BuyerNameLookup = (exec: Executor, orderIds: string[]) => Promise<Map<string, string>>;

/**
 * The public, verifiable side of the draw (docs/rules/fairness.md): the fairness JSON of a round, and the
 * sell-out picks (lottery, double chance) drawn once and logged.
 */
export function createFairnessService(ctx: AppContext, deps: { catalogue: CatalogueService; stock: StockService }) {
  const { catalogue, stock } = deps;
  let buyerNames: BuyerNameLookup | null = null;

  /** The round's prize quantities as published: letter prizes (the box) and double-chance prizes. */
  async function roundPrizes(exec: Executor, setId: string, productId: string) {
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

  const service = {
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
        domain === 'lottery' ? box : prizeUnits((await roundPrizes(tx, roundId, round.productId)).double);
      if (units.length === 0) return [];
      const draw = domain === 'lottery' ? drawLottery : drawDoubleChance;
      const picks = draw(round.serverSeed, entries, units).map((pick) => ({
        n: pick.n,
        ticketIndex: pick.ticketIndex,
        prize: pick.unit,
        orderId: orderOf.get(pick.ticketIndex) ?? null,
      }));
      const pickedAt = ctx.clock.now();
      // The picks extend the chained log from the head read under the round lock (docs/rules/fairness.md).
      const chain = round.headHash
        ? extendChain(round.headHash, picks.map((pick) => ({ domain, nonce: pick.n, clientSeed: null, ticketIndex: pick.ticketIndex, letter: pick.prize })))
        : null;
      await tx
        .insert(fairnessPicks)
        .values(picks.map((pick, i) => ({ roundId, domain, ...pick, pickedAt, hash: chain ? chain.hashes[i]! : null })));
      if (chain) await catalogue.advanceHead(tx, roundId, chain.head);
      return picks;
    },

    /** The sell-out picks of a round already drawn, per domain in pick order. */
    async sellOutPicks(roundId: string, domain: SellOutDomain): Promise<SellOutPick[]> {
      const rows = await picksOf(ctx.db, roundId, domain);
      return rows.map((p) => ({ n: p.n, ticketIndex: p.ticketIndex, prize: p.prize, orderId: p.orderId }));
    },

    /**
     * GET /api/fairness/{setId}: the round's commitment and committed rules, its seed once revealed
     * (sold out or reloaded), the canonical box, the prize quantities and the whole chained draw log
     * with its head. Read in one snapshot so the seed, the box, the log and the head always belong
     * together. 404 for an unknown round.
     */
    async publicRound(setId: string): Promise<FairnessRound> {
      const round = await roundRecord(setId);
      return { ...round, log: round.log.map(({ orderId: _orderId, ...entry }) => entry) };
    },

    /** The sell-out picks an order won (lottery and double chance), in draw order. */
    async picksOfOrder(orderId: string): Promise<{ domain: SellOutDomain; n: number; prize: string }[]> {
      return ctx.db
        .select({ domain: fairnessPicks.domain, n: fairnessPicks.n, prize: fairnessPicks.prize })
        .from(fairnessPicks)
        .where(eq(fairnessPicks.orderId, orderId))
        .orderBy(asc(fairnessPicks.domain), asc(fairnessPicks.n));
    },

    /**
     * A paid order's receipt (docs/rules/fairness.md): its round, its entries in the chained log
     * (tickets, and lottery or double-chance picks it won) in log order, and the head right after the
     * last of them. Null for an order with no chained entries (not drawn yet, or an older round).
     * Runs in the caller's transaction (e.g. the purchase that drew the tickets) or on `ctx.db`.
     */
    async receiptForOrder(exec: Executor, orderId: string): Promise<FairnessReceipt | null> {
      const tickets = await stock.chainEntriesOfOrder(orderId, exec);
      const picks = await exec
        .select({ roundId: fairnessPicks.roundId, domain: fairnessPicks.domain, nonce: fairnessPicks.n, hash: fairnessPicks.hash })
        .from(fairnessPicks)
        .where(and(eq(fairnessPicks.orderId, orderId), isNotNull(fairnessPicks.hash)));
      const all = [...tickets.map((t) => ({ ...t, domain: 'ticket' as const })), ...picks];
      const setId = all[0]?.roundId;
      if (!setId || all.some((e) => e.hash === null || e.roundId !== setId)) return null;
      const entries: FairnessReceiptEntry[] = all
        .map((e) => ({ domain: e.domain, nonce: e.nonce, hash: e.hash! }))
        .sort(compareLogOrder);
      return { setId, entries, headHash: entries.at(-1)!.hash };
    },

    /**
     * GET /api/admin/fairness/{setId}/export: the round's full record as one file: the public round
     * (rules, commitment, seed once revealed, chained log) with each entry's order id, and every
     * order's receipt. Read-only: the records it is made of are never deleted.
     */
    async exportRound(setId: string): Promise<FairnessExport> {
      const round = await roundRecord(setId);
      const orderIds = [...new Set(round.log.map((e) => e.orderId).filter((id): id is string => id !== null))];
      const orders: FairnessExport['orders'] = [];
      for (const orderId of orderIds.sort()) {
        const entries = round.log
          .filter((e) => e.orderId === orderId && e.hash !== null)
          .map((e) => ({ domain: e.domain, nonce: e.nonce, hash: e.hash! }));
        if (entries.length > 0) orders.push({ orderId, receipt: { setId, entries, headHash: entries.at(-1)!.hash } });
      }
      return { ...round, exportedAt: ctx.clock.now().toISOString(), orders };
    },
  };

  /** The round's public data plus each log entry's order id, read in one snapshot. */
  async function roundRecord(setId: string): Promise<Omit<FairnessRound, 'log'> & { log: LogEntryWithOrder[] }> {
    return ctx.db.transaction(
      async (tx) => {
        const round = await catalogue.publicRound(setId, tx);
        const { product } = await catalogue.getProductOfRound(setId, tx);
        const prizes = await roundPrizes(tx, setId, round.productId);
        const box = await stock.box(setId, tx);
        const tickets = await stock.drawLog(setId, tx);
        // Log order: ticket draws, then lottery picks, then double-chance picks.
        const picks = [...(await picksOf(tx, setId, 'lottery')), ...(await picksOf(tx, setId, 'double'))];
        const orderIds = [...new Set([...tickets, ...picks].map((e) => e.orderId).filter((id): id is string => id !== null))];
        const names = buyerNames && orderIds.length > 0 ? await buyerNames(tx, orderIds) : new Map<string, string>();
        const buyer = (orderId: string | null) => {
          const name = orderId ? names.get(orderId) : undefined;
          return name ? maskBuyerName(name) : '***';
        };
        const log: LogEntryWithOrder[] = [
          ...tickets.map((t) => ({
            domain: 'ticket' as const,
            nonce: t.nonce,
            clientSeed: t.clientSeed,
            ticketIndex: t.ticketIndex,
            letter: t.letter,
            buyer: buyer(t.orderId),
            at: t.takenAt.toISOString(),
            hash: t.hash,
            orderId: t.orderId,
          })),
          ...picks.map((p) => ({
            domain: p.domain,
            nonce: p.n,
            clientSeed: null,
            ticketIndex: p.ticketIndex,
            letter: p.prize,
            buyer: buyer(p.orderId),
            at: p.pickedAt.toISOString(),
            hash: p.hash,
            orderId: p.orderId,
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
          rules: round.rulesDocument,
          rulesHash: round.rulesHash,
          headHash: round.headHash,
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  return service;
}
export type FairnessService = ReturnType<typeof createFairnessService>;

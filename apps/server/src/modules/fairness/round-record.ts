import { maskBuyerName, type FairnessExport, type FairnessLogEntry, type FairnessRound } from '@kujiya/shared';
import type { Tx } from '../../db/database.ts';
import type { DrawLogEntry } from '../stock/service.ts';
import type { FairnessDeps } from './deps.ts';
import { picksOf, roundPrizes } from './sell-out.ts';

/** A log entry with the order it belongs to (admin export only; the public log masks the buyer). */
type LogEntryWithOrder = FairnessLogEntry & { orderId: string | null };
type PickRow = Awaited<ReturnType<typeof picksOf>>[number];

/** The chained log: ticket draws, then lottery picks, then double-chance picks, each with its masked buyer. */
async function chainedLog(
  d: FairnessDeps,
  tx: Tx,
  tickets: DrawLogEntry[],
  picks: PickRow[],
): Promise<LogEntryWithOrder[]> {
  const orderIds = [...new Set([...tickets, ...picks].map((e) => e.orderId).filter((id): id is string => id !== null))];
  const names = await d.buyerNames(tx, orderIds);
  const buyer = (orderId: string | null) => {
    const name = orderId ? names.get(orderId) : undefined;
    return name ? maskBuyerName(name) : '***';
  };
  return [
    ...tickets.map((t) => ({
      ...{
        domain: 'ticket' as const,
        nonce: t.nonce,
        clientSeed: t.clientSeed,
        ticketIndex: t.ticketIndex,
        letter: t.letter,
      },
      ...{ buyer: buyer(t.orderId), at: t.takenAt.toISOString(), hash: t.hash, orderId: t.orderId },
    })),
    ...picks.map((p) => ({
      ...{ domain: p.domain, nonce: p.n, clientSeed: null, ticketIndex: p.ticketIndex, letter: p.prize },
      ...{ buyer: buyer(p.orderId), at: p.pickedAt.toISOString(), hash: p.hash, orderId: p.orderId },
    })),
  ];
}

/** The round's public data plus each log entry's order id, read in one snapshot. */
async function roundRecord(
  d: FairnessDeps,
  setId: string,
): Promise<Omit<FairnessRound, 'log'> & { log: LogEntryWithOrder[] }> {
  return d.ctx.db.transaction(
    async (tx) => {
      const round = await d.catalogue.publicRound(tx, setId);
      const { product } = await d.catalogue.getProductOfRound(tx, setId);
      const prizes = await roundPrizes(d, tx, setId, round.productId);
      const box = await d.stock.box(tx, setId);
      const tickets = await d.stock.drawLog(tx, setId);
      const picks = [...(await picksOf(tx, setId, 'lottery')), ...(await picksOf(tx, setId, 'double'))];
      const { setId: id, productId, productName, sku, status, commitment, serverSeed } = round;
      return {
        ...{ setId: id, productId, productName, sku, status, commitment, serverSeed, box, prizes: prizes.letters },
        ...{
          lottery: product.lotteryEnabled,
          doubleChancePrizes: prizes.double,
          log: await chainedLog(d, tx, tickets, picks),
        },
        ...{ rules: round.rulesDocument, rulesHash: round.rulesHash, headHash: round.headHash },
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * GET /api/fairness/{setId}: the round's commitment and committed rules, its seed once revealed
 * (sold out or reloaded), the canonical box, the prize quantities and the whole chained draw log
 * with its head. Read in one snapshot so the seed, the box, the log and the head always belong
 * together. 404 for an unknown round.
 */
export async function publicRound(d: FairnessDeps, setId: string): Promise<FairnessRound> {
  const round = await roundRecord(d, setId);
  return { ...round, log: round.log.map(({ orderId: _orderId, ...entry }) => entry) };
}

/**
 * GET /api/admin/fairness/{setId}/export: the round's full record as one file: the public round
 * (rules, commitment, seed once revealed, chained log) with each entry's order id, and every
 * order's receipt. Read-only: the records it is made of are never deleted.
 */
export async function exportRound(d: FairnessDeps, setId: string): Promise<FairnessExport> {
  const round = await roundRecord(d, setId);
  const orderIds = [...new Set(round.log.map((e) => e.orderId).filter((id): id is string => id !== null))];
  const orders: FairnessExport['orders'] = [];
  for (const orderId of orderIds.sort()) {
    const entries = round.log
      .filter((e) => e.orderId === orderId && e.hash !== null)
      .map((e) => ({ domain: e.domain, nonce: e.nonce, hash: e.hash! }));
    if (entries.length > 0) orders.push({ orderId, receipt: { setId, entries, headHash: entries.at(-1)!.hash } });
  }
  return { ...round, exportedAt: d.ctx.clock.now().toISOString(), orders };
}

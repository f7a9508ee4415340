import type { AppContext } from '../../core/context.ts';
import { createAvailability } from './availability.ts';
import { box, chainEntriesOfOrder, createBox, drawLog, ticketsOfOrder, ticketsTakenSince } from './box.ts';
import { createDraw } from './draw.ts';
import { createReservations } from './reservations.ts';
import type { RoundLedger } from './types.ts';

export * from './types.ts';
export * from './hold-limits.ts';

/**
 * The ticket box of every round and the reservations that hold tickets for unpaid orders. The round
 * itself is the catalogue's: its lock and counters come in as `rounds` (a `RoundLedger`), so stock
 * depends on no other module and the catalogue depends on stock.
 */
export function createStockService(ctx: AppContext, deps: { rounds: RoundLedger }) {
  const availability = createAvailability(ctx, deps.rounds);
  const reservations = createReservations(ctx, { rounds: deps.rounds, availability });
  const draw = createDraw({ rounds: deps.rounds, availability, now: () => ctx.clock.now() });
  return {
    ...availability,
    ...reservations,
    ...draw,
    createBox,
    ticketsOfOrder,
    drawLog,
    ticketsTakenSince,
    chainEntriesOfOrder,
    box,
  };
}
export type StockService = ReturnType<typeof createStockService>;

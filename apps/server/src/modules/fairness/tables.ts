import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The sell-out picks of a round's public draw log (docs/rules/promotions.md): lottery pick n ("lottery:" + n) and
 * double-chance pick n ("double:" + n). Ticket draws live in stock's ticket box; these complete the
 * log. The key makes every pick happen exactly once. `roundId` is catalogue's set_rounds.id.
 */
export const fairnessPicks = pgTable(
  'fairness_picks',
  {
    roundId: uuid('round_id').notNull(),
    domain: text('domain', { enum: ['lottery', 'double'] }).notNull(),
    n: integer('n').notNull(),
    ticketIndex: integer('ticket_index').notNull(),
    /** The prize letter (lottery) or double-chance rank such as 'DC1' (double). */
    prize: text('prize').notNull(),
    /** The order of the winning ticket. */
    orderId: uuid('order_id'),
    pickedAt: timestamp('picked_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.domain, t.n] }), index('fairness_picks_order_idx').on(t.orderId)],
);

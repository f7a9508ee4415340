import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/**
 * A round's ticket box in canonical order (docs/rules/fairness.md): ticket i has letter box[i]. A ticket is taken
 * when it has a nonce; the (round, nonce) key and the "nonce is null" guard on update make sure a
 * ticket is sold once and a nonce used once. `roundId` is catalogue's set_rounds.id.
 */
export const tickets = pgTable(
  'tickets',
  {
    roundId: uuid('round_id').notNull(),
    ticketIndex: integer('ticket_index').notNull(),
    letter: text('letter').notNull(),
    orderId: uuid('order_id'),
    nonce: integer('nonce'),
    clientSeed: text('client_seed'),
    takenAt: timestamp('taken_at', { withTimezone: true }),
    /** The draw's link in the round's chained log (docs/rules/fairness.md), written with the draw. */
    hash: text('hash'),
  },
  (t) => [
    primaryKey({ columns: [t.roundId, t.ticketIndex] }),
    unique('tickets_round_nonce').on(t.roundId, t.nonce),
    index('tickets_order_idx').on(t.orderId),
    check('tickets_taken_consistent', sql`(${t.nonce} is null) = (${t.takenAt} is null)`),
  ],
);

/**
 * Tickets held for an unpaid card order (docs/rules/buying.md). While active and unexpired they are not left
 * for anyone else; an expired active reservation counts as free (lazily, on every read).
 */
export const reservations = pgTable(
  'reservations',
  {
    id: uuid('id').primaryKey(),
    roundId: uuid('round_id').notNull(),
    orderId: uuid('order_id'),
    userId: uuid('user_id').notNull(),
    quantity: integer('quantity').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** active → consumed (paid) | expired (lapsed unpaid) | replaced (by the shopper's newer checkout of the round; expiresAt is then when) | released. */
    status: text('status', { enum: ['active', 'consumed', 'released', 'expired', 'replaced'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('reservations_round_status_idx').on(t.roundId, t.status),
    index('reservations_order_idx').on(t.orderId),
    // A shopper's holds and lapses (docs/rules/security.md).
    index('reservations_user_round_idx').on(t.userId, t.roundId),
    check('reservations_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

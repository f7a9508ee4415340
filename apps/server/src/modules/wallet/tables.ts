import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A lot of tokens (docs/rules/tokens.md): one purchase, promo bonus or refund, with its own 6-month expiry.
 * `amountLeft` only goes down (spends) and never below 0. Keyed by user id without a foreign key:
 * users belong to the accounts module.
 */
export const tokenLots = pgTable(
  'token_lots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    amount: integer('amount').notNull(),
    amountLeft: integer('amount_left').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    source: text('source').$type<TokenLotSource>().notNull(),
    /** What created the lot: a payment intent id, an order id ... */
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('token_lots_user_expiry_idx').on(t.userId, t.expiresAt),
    check('token_lots_amount_left_range', sql`${t.amountLeft} >= 0 and ${t.amountLeft} <= ${t.amount}`),
    check('token_lots_amount_positive', sql`${t.amount} > 0`),
  ],
);
export type TokenLotSource = 'purchase' | 'bonus' | 'refund' | 'adjustment';

/**
 * Every change of a user's tokens, append-only: a credit (+amount on a new lot) or one row per lot
 * a spend took from (-n). Summing a lot's rows gives its amountLeft back.
 */
export const tokenLedger = pgTable(
  'token_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').notNull(),
    delta: integer('delta').notNull(),
    reason: text('reason').$type<TokenLedgerReason>().notNull(),
    lotId: uuid('lot_id')
      .notNull()
      .references(() => tokenLots.id),
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('token_ledger_user_idx').on(t.userId), index('token_ledger_lot_idx').on(t.lotId)],
);
/**
 * `revoked`: the unspent tokens of a lot whose payment was refunded (docs/rules/security.md).
 * `adjustment` rows are an admin's correction, positive (a new lot) or negative (taken from lots).
 */
export type TokenLedgerReason = TokenLotSource | 'spend' | 'revoked';

import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { badRequest, notFound } from '../../core/http-errors.ts';
import type { RefundRequest } from './gateway.ts';
import { testGatewayIntents, testGatewayRefunds } from './tables.ts';
import type { Tx } from '../../db/database.ts';
import { randomId } from './test-gateway-events.ts';

type IntentRow = typeof testGatewayIntents.$inferSelect;
type RefundRow = typeof testGatewayRefunds.$inferSelect;

/**
 * Refunds a succeeded charge in the caller's transaction (what is left of it, or `amountCents`). A
 * repeated `idempotencyKey` answers the first refund and refunds nothing more. Answers the intent as
 * it now is and the refund.
 */
/**
 * The intent's row, locked: confirmations, cancels and refunds of one intent take turns on it.
 * A 404 in Stripe's words when there is no such intent.
 */
export async function lockIntent(tx: Tx, paymentIntentId: string): Promise<IntentRow> {
  const [row] = await tx
    .select()
    .from(testGatewayIntents)
    .where(eq(testGatewayIntents.id, paymentIntentId))
    .for('update');
  if (!row) throw notFound(`No such payment_intent: '${paymentIntentId}'`);
  return row;
}

export async function refundIntent(
  tx: Tx,
  ctx: AppContext,
  paymentIntentId: string,
  request: RefundRequest,
): Promise<{ intent: IntentRow; refund: RefundRow }> {
  // The intent's row lock makes refunds of one intent, and repeats of one key, take turns.
  const row = await lockIntent(tx, paymentIntentId);
  if (request.idempotencyKey) {
    const [earlier] = await tx
      .select()
      .from(testGatewayRefunds)
      .where(eq(testGatewayRefunds.idempotencyKey, request.idempotencyKey));
    if (earlier) {
      if (
        earlier.paymentIntentId !== row.id ||
        (request.amountCents !== undefined && request.amountCents !== earlier.amount)
      ) {
        throw badRequest(
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      }
      return { intent: row, refund: earlier };
    }
  }
  if (row.status !== 'succeeded') throw badRequest('This PaymentIntent does not have a successful charge to refund.');
  const amount = request.amountCents ?? row.amount - row.amountRefunded;
  if (amount <= 0 || row.amountRefunded + amount > row.amount)
    throw badRequest('Refund amount is greater than the charge amount.');
  const [made] = await tx
    .insert(testGatewayRefunds)
    .values({
      id: randomId('re_test_'),
      paymentIntentId: row.id,
      amount,
      idempotencyKey: request.idempotencyKey ?? null,
      createdAt: ctx.clock.now(),
    })
    .returning();
  const [updated] = await tx
    .update(testGatewayIntents)
    .set({ amountRefunded: row.amountRefunded + amount })
    .where(eq(testGatewayIntents.id, row.id))
    .returning();
  return { intent: updated!, refund: made! };
}

/** The object of the `charge.refunded` event that reports an intent's refunds. */
export const refundedCharge = (intent: IntentRow): Record<string, unknown> => ({
  id: randomId('ch_test_'),
  object: 'charge',
  amount: intent.amount,
  amount_refunded: intent.amountRefunded,
  currency: intent.currency,
  payment_intent: intent.id,
  refunded: intent.amountRefunded >= intent.amount,
  metadata: intent.metadata,
});

/** The refunds made on an intent (what a test would look up in Stripe's dashboard). */
export async function refundsOf(
  ctx: AppContext,
  paymentIntentId: string,
): Promise<{ id: string; amount: number; idempotencyKey: string | null }[]> {
  return ctx.db
    .select({
      id: testGatewayRefunds.id,
      amount: testGatewayRefunds.amount,
      idempotencyKey: testGatewayRefunds.idempotencyKey,
    })
    .from(testGatewayRefunds)
    .where(eq(testGatewayRefunds.paymentIntentId, paymentIntentId))
    .orderBy(asc(testGatewayRefunds.createdAt), asc(testGatewayRefunds.id));
}

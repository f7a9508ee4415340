import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TestGatewayConfirmRequest } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import { HttpError, badRequest, notFound } from '../../core/http-errors.ts';
import type { CancellationReason, GatewayEvent, GatewayIntent, PaymentGateway, RefundRequest } from './gateway.ts';
import { testGatewayIntents } from './tables.ts';
import { checkCard } from './test-gateway-cards.ts';
import { TestGatewayEvents, randomId, type WebhookDelivery } from './test-gateway-events.ts';
import { lockIntent, refundIntent, refundedCharge, refundsOf } from './test-gateway-refunds.ts';

export type { WebhookDelivery } from './test-gateway-events.ts';

const toIntent = (row: typeof testGatewayIntents.$inferSelect): GatewayIntent => ({
  id: row.id,
  clientSecret: row.clientSecret,
  status: row.status,
  amount: row.amount,
  currency: row.currency,
  metadata: row.metadata,
});

/**
 * The built-in test gateway: a named test double of Stripe that runs inside the shop. It keeps its
 * own intents, takes the card from the browser at POST /api/test-gateway/confirm, decides by
 * Stripe's test cards, and reports the result as a Stripe-format event signed with a per-install
 * secret, delivered to the same webhook handler Stripe's events go through.
 */
export class TestGateway implements PaymentGateway {
  readonly kind = 'test' as const;
  readonly publishableKey = null;
  private readonly events: TestGatewayEvents;

  constructor(private readonly ctx: AppContext) {
    this.events = new TestGatewayEvents(ctx);
  }

  /** Connects the webhook handler events are delivered to. */
  connect(deliver: WebhookDelivery): void {
    this.events.connect(deliver);
  }

  async createIntent(amountCents: number, currency: 'sgd', metadata: Record<string, string>): Promise<GatewayIntent> {
    if (!Number.isSafeInteger(amountCents) || amountCents < 50) throw badRequest('Amount must be at least $0.50');
    const id = randomId('pi_test_');
    const row = {
      id,
      clientSecret: `${id}_secret_${crypto.randomBytes(16).toString('hex')}`,
      amount: amountCents,
      currency,
      metadata,
      status: 'requires_payment_method',
      createdAt: this.ctx.clock.now(),
    };
    await this.ctx.db.insert(testGatewayIntents).values(row);
    return { id, clientSecret: row.clientSecret, status: row.status, amount: row.amount, currency, metadata };
  }

  async retrieve(paymentIntentId: string): Promise<GatewayIntent> {
    const [row] = await this.ctx.db.select().from(testGatewayIntents).where(eq(testGatewayIntents.id, paymentIntentId));
    if (!row) throw notFound(`No such payment_intent: '${paymentIntentId}'`);
    return toIntent(row);
  }

  /**
   * Cancels an unpaid intent (a later confirmation answers 'This PaymentIntent has been canceled.')
   * and reports it with a `payment_intent.canceled` event. A paid or already canceled intent is
   * left as it is, as Stripe does; the answer says which.
   */
  async cancel(paymentIntentId: string, reason: CancellationReason): Promise<GatewayIntent> {
    const { intent, seq } = await this.ctx.db.transaction(async (tx) => {
      // The same row lock as a confirmation: a cancel and a payment of one intent take turns.
      const row = await lockIntent(tx, paymentIntentId);
      if (row.status !== 'requires_payment_method') return { intent: row, seq: null };
      const [updated] = await tx
        .update(testGatewayIntents)
        .set({ status: 'canceled' })
        .where(eq(testGatewayIntents.id, row.id))
        .returning();
      const seq = await this.events.record(tx, 'payment_intent.canceled', {
        id: row.id,
        object: 'payment_intent',
        amount: row.amount,
        currency: row.currency,
        metadata: row.metadata,
        status: 'canceled',
        cancellation_reason: reason,
        last_payment_error: null,
      });
      return { intent: updated!, seq };
    });
    if (seq !== null) await this.events.deliver(seq);
    return toIntent(intent);
  }

  /**
   * Refunds a succeeded charge (what is left of it, or `amountCents`) and reports it with a
   * `charge.refunded` event. A repeated `idempotencyKey` answers the first refund and refunds nothing
   * more. Its event is delivered again: Stripe would keep redelivering an event the shop missed (say,
   * it crashed right after the refund); here delivery lives in the shop's process, so a repeat does
   * it. The shop ignores an event for an intent already refunded.
   */
  async refund(paymentIntentId: string, request: RefundRequest = {}): Promise<{ id: string; status: string }> {
    const { intent, refund } = await this.ctx.db.transaction((tx) =>
      refundIntent(tx, this.ctx, paymentIntentId, request),
    );
    // A repeat (same key) reports the refund again: the shop may have missed the first report.
    const seq = await this.ctx.db.transaction((tx) =>
      this.events.record(tx, 'charge.refunded', refundedCharge(intent)),
    );
    await this.events.deliver(seq);
    return { id: refund.id, status: 'succeeded' };
  }

  /** The refunds made on an intent (what a test would look up in Stripe's dashboard). */
  refundsOf(paymentIntentId: string): Promise<{ id: string; amount: number; idempotencyKey: string | null }[]> {
    return refundsOf(this.ctx, paymentIntentId);
  }

  /**
   * The browser's card confirmation. Answers the intent's new status, or a 402 with the decline
   * message (as Stripe.js reports `error.message`); the shop learns the outcome only from the event.
   */
  async confirm(input: TestGatewayConfirmRequest): Promise<{ paymentIntentId: string; status: 'succeeded' }> {
    const now = this.ctx.clock.now();
    const [found] = await this.ctx.db
      .select()
      .from(testGatewayIntents)
      .where(eq(testGatewayIntents.clientSecret, input.clientSecret));
    if (!found) throw notFound('No such payment_intent.');
    const outcome = checkCard(input, now);
    const intent = await this.ctx.db.transaction(async (tx) => {
      // The row lock makes two confirmations of one intent take turns: only one can succeed.
      const [row] = await tx.select().from(testGatewayIntents).where(eq(testGatewayIntents.id, found.id)).for('update');
      if (row!.status === 'succeeded') {
        throw badRequest(
          'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
        );
      }
      if (row!.status === 'canceled') throw badRequest('This PaymentIntent has been canceled.');
      const [updated] = await tx
        .update(testGatewayIntents)
        .set(outcome.ok ? { status: 'succeeded', lastError: null } : { lastError: outcome.message })
        .where(eq(testGatewayIntents.id, row!.id))
        .returning();
      const intent = updated!;
      // The charge and its event commit together: once the card is charged, the event exists.
      const seq = await this.events.record(
        tx,
        outcome.ok ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
        {
          id: intent.id,
          object: 'payment_intent',
          amount: intent.amount,
          amount_received: outcome.ok ? intent.amount : 0,
          currency: intent.currency,
          metadata: intent.metadata,
          status: intent.status,
          last_payment_error: outcome.ok
            ? null
            : {
                type: 'card_error',
                code: 'card_declined',
                decline_code: outcome.declineCode,
                message: outcome.message,
              },
        },
      );
      return { ...intent, seq };
    });
    // Fault injection for the crash test (never in production): die between the charge and its delivery.
    if (process.env.TEST_GATEWAY_FAULT === 'crash-before-delivery' && this.ctx.config.env !== 'production') {
      process.kill(process.pid, 'SIGKILL');
    }
    await this.events.deliver(intent.seq);
    if (!outcome.ok)
      throw new HttpError(402, outcome.message, { code: 'card_declined', declineCode: outcome.declineCode });
    return { paymentIntentId: intent.id, status: 'succeeded' };
  }

  /** Builds a Stripe-format event, signs it like Stripe does and delivers it to the shop's handler. */
  signedEvent(type: string, object: Record<string, unknown>): Promise<{ rawBody: string; signatureHeader: string }> {
    return this.events.signedEvent(type, object);
  }

  /** The delivery job: every stored event not yet taken by the shop and due (test-gateway-events.ts). */
  deliverPending(limit = 50): Promise<{ delivered: number; failed: number }> {
    return this.events.deliverPending(limit);
  }

  /** Events stored but not yet taken by the shop (tests, monitoring). */
  undeliveredCount(): Promise<number> {
    return this.events.undeliveredCount();
  }

  parseWebhookEvent(rawBody: Buffer | string, signatureHeader: string | undefined): Promise<GatewayEvent> {
    return this.events.parse(rawBody, signatureHeader);
  }
}

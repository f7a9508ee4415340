import type { WebhookResult } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import { badRequest, notFound } from '../../core/http-errors.ts';
import type { CancellationReason, PaymentGateway, RefundRequest } from './gateway.ts';
import { StripeGateway } from './stripe-gateway.ts';
import { TestGateway } from './test-gateway.ts';
import { applyGatewayStatus, createHandlers, handleWebhook, registerer } from './events.ts';
import { createIntent, eventsOfIntent, getIntent, reconcilePending } from './intents.ts';
import { takings } from './takings.ts';
import type { CardTakings, PaymentEventView, PaymentIntent } from './types.ts';

export type { CardTakings, PaymentEventView, PaymentIntent } from './types.ts';
export { RECONCILE_AFTER_MS } from './intents.ts';

/** Stripe when its keys are configured, otherwise the built-in test gateway. */
export function createGateway(ctx: AppContext): PaymentGateway {
  return ctx.config.stripe && ctx.config.payments === 'stripe'
    ? new StripeGateway(ctx.config.stripe)
    : new TestGateway(ctx);
}

/**
 * Card payments for every purpose (token purchases, ticket orders, shipping). A purpose registers
 * what happens when its intents succeed, fail or are refunded; the status only changes through
 * verified webhook events, each processed exactly once (events.ts); intents and reconciliation in
 * intents.ts, the back office's takings in takings.ts.
 */
export function createPaymentsService(ctx: AppContext, gateway: PaymentGateway = createGateway(ctx)) {
  const handlers = createHandlers();
  const service = {
    gateway,
    onSucceeded: registerer(handlers, 'succeeded'),
    onFailed: registerer(handlers, 'failed'),
    onCanceled: registerer(handlers, 'canceled'),
    onRefunded: registerer(handlers, 'refunded'),
    createIntent: (input: Parameters<typeof createIntent>[2], attach?: Parameters<typeof createIntent>[3]) =>
      createIntent(ctx, gateway, input, attach),

    /** The gateway events the shop received about an intent, in the order they came (the back office's order page). */
    eventsOfIntent: (id: string): Promise<PaymentEventView[]> => eventsOfIntent(ctx.db, id),
    getIntent: (exec: Executor, id: string): Promise<PaymentIntent | null> => getIntent(exec, id),

    /**
     * The webhook handler (POST /api/payment/webhook, and the test gateway's deliveries): verifies
     * the signature over the raw body before anything else, then applies the event exactly once.
     * A bad signature throws a 400 and changes nothing.
     */
    handleWebhook: (rawBody: Buffer | string, signatureHeader: string | undefined): Promise<WebhookResult> =>
      handleWebhook(ctx, gateway, handlers, rawBody, signatureHeader),

    reconcilePending: (limit = 50) => reconcilePending(ctx, gateway, handlers, limit),

    /**
     * Cancels an unpaid intent at the gateway so it can no longer be paid, and settles what the
     * gateway answers right away (its own event, arriving later, then changes nothing): `canceled`,
     * or `succeeded` when the payment got there first. Call it outside any open transaction.
     */
    async cancel(paymentIntentId: string, reason: CancellationReason): Promise<string> {
      const remote = await gateway.cancel(paymentIntentId, reason);
      await applyGatewayStatus(ctx, handlers, remote, 'cancel');
      return remote.status;
    },

    /**
     * The payment-events job (src/jobs/): the test gateway's undelivered events (its outbox, each
     * claimed by one run); nothing with a real gateway, whose events come by webhook.
     */
    async deliverGatewayEvents(): Promise<{ delivered: number; failed: number }> {
      return gateway instanceof TestGateway ? gateway.deliverPending() : { delivered: 0, failed: 0 };
    },

    /** Card takings per purpose since `from` (takings.ts); daily: per Singapore calendar day. */
    takingsSince: async (from: Date): Promise<CardTakings[]> =>
      (await takings(ctx, from, false)).map(({ day: _day, ...rest }) => rest),
    dailyTakingsSince: (from: Date): Promise<(CardTakings & { day: string })[]> => takings(ctx, from, true),

    /**
     * Asks the gateway to refund a succeeded intent (whole, or `amountCents`). The intent becomes
     * refunded when the gateway's refund event arrives. Call it outside any open transaction: the
     * test gateway delivers its event right away. Pass an `idempotencyKey` when the call may be
     * retried (a crash, a timeout): the gateway then refunds once whatever the number of calls.
     */
    async refund(paymentIntentId: string, request: RefundRequest = {}): Promise<{ id: string; status: string }> {
      const intent = await service.getIntent(ctx.db, paymentIntentId);
      if (!intent) throw notFound('Payment not found');
      if (intent.status !== 'succeeded') throw badRequest('Only a succeeded payment can be refunded');
      return gateway.refund(paymentIntentId, request);
    },
  };

  if (gateway instanceof TestGateway)
    gateway.connect((rawBody, signatureHeader) => service.handleWebhook(rawBody, signatureHeader));
  return service;
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;

import type Stripe from 'stripe';
import type { PaymentGatewayKind } from '@kujiya/shared';

/** A payment intent as the gateway (Stripe or the test gateway) holds it. Amounts in cents. */
export interface GatewayIntent {
  id: string;
  clientSecret: string;
  /** The gateway's own status (Stripe's PaymentIntent statuses). */
  status: string;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
}

/** What a verified gateway event means for a payment intent; null for events the shop ignores. */
export type GatewayEventKind = 'succeeded' | 'failed' | 'canceled' | 'refunded';

/** A verified webhook event, reduced to what the shop acts on. */
export interface GatewayEvent {
  id: string;
  type: string;
  kind: GatewayEventKind | null;
  paymentIntentId: string | null;
  amount: number | null;
  failureMessage: string | null;
}

/** A refund request: the whole remaining amount unless `amountCents` is given. */
export interface RefundRequest {
  amountCents?: number;
  /**
   * Makes a retried request safe: the gateway applies a refund with the same key once and answers
   * the same refund to every repeat (Stripe's `Idempotency-Key`, kept by Stripe for at least 24 hours).
   */
  idempotencyKey?: string;
}

/** Why the shop cancels an intent (Stripe's `cancellation_reason`). */
export type CancellationReason = 'duplicate' | 'abandoned';

/** Thrown by `parseWebhookEvent` when the signature does not verify (the webhook answers 400). */
export class WebhookSignatureError extends Error {}

/**
 * The one interface every card gateway implements. Only PaymentIntents and Refunds are used:
 * the client confirms the card with the gateway itself, and the result reaches the shop only as a
 * signed webhook event (docs/rules/buying.md).
 */
export interface PaymentGateway {
  readonly kind: PaymentGatewayKind;
  /** Given to the browser (Stripe's publishable key); null for the test gateway. */
  readonly publishableKey: string | null;
  createIntent(amountCents: number, currency: 'sgd', metadata: Record<string, string>): Promise<GatewayIntent>;
  retrieve(paymentIntentId: string): Promise<GatewayIntent>;
  refund(paymentIntentId: string, request?: RefundRequest): Promise<{ id: string; status: string }>;
  /**
   * Cancels an unpaid intent so it can no longer be paid. Answers the intent as it stands afterwards:
   * `canceled`, or `succeeded` when it was paid first (a paid intent cannot be cancelled).
   */
  cancel(paymentIntentId: string, reason: CancellationReason): Promise<GatewayIntent>;
  /** Verifies the `Stripe-Signature` header over the raw body, then parses the event. */
  parseWebhookEvent(rawBody: Buffer | string, signatureHeader: string | undefined): Promise<GatewayEvent>;
}

/** Reduces a Stripe event (real or the test gateway's copy of the format) to a GatewayEvent. */
export function normalizeStripeEvent(event: Stripe.Event): GatewayEvent {
  const base = { id: event.id, type: event.type, amount: null, failureMessage: null };
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled': {
      const intent = event.data.object;
      const kinds = {
        'payment_intent.succeeded': 'succeeded',
        'payment_intent.payment_failed': 'failed',
        'payment_intent.canceled': 'canceled',
      } as const;
      return {
        ...base,
        kind: kinds[event.type],
        paymentIntentId: intent.id,
        amount: intent.amount,
        failureMessage: intent.last_payment_error?.message ?? null,
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const intentId =
        typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);
      // Only a full refund ends the purchase; a partial one is recorded by the caller that asked for it.
      const full = charge.amount_refunded >= charge.amount;
      return { ...base, kind: full ? 'refunded' : null, paymentIntentId: intentId, amount: charge.amount_refunded };
    }
    default:
      return { ...base, kind: null, paymentIntentId: null };
  }
}

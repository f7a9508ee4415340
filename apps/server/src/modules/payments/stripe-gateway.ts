import Stripe from 'stripe';
import type { CancellationReason, GatewayEvent, GatewayIntent, PaymentGateway, RefundRequest } from './gateway.ts';
import { WebhookSignatureError, normalizeStripeEvent } from './gateway.ts';

export interface StripeGatewayOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another API host (e.g. a local Stripe-like server in tests): scheme, host and port are taken from it. */
  apiBase?: string;
}

/** Host, port and protocol for the Stripe constructor, from STRIPE_API_BASE. */
export function stripeHostOptions(
  apiBase: string | undefined,
): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

function toGatewayIntent(intent: Stripe.PaymentIntent): GatewayIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intent.status,
    amount: intent.amount,
    currency: intent.currency,
    metadata: intent.metadata ?? {},
  };
}

/** Stripe: PaymentIntents in SGD, Refunds, and webhook events signed with STRIPE_WEBHOOK_SECRET. */
export class StripeGateway implements PaymentGateway {
  readonly kind = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(options: StripeGatewayOptions) {
    this.publishableKey = options.publishableKey;
    this.webhookSecret = options.webhookSecret;
    this.stripe = new Stripe(options.secretKey, {
      ...stripeHostOptions(options.apiBase),
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
    });
  }

  async createIntent(amountCents: number, currency: 'sgd', metadata: Record<string, string>): Promise<GatewayIntent> {
    const intent = await this.stripe.paymentIntents.create({
      amount: amountCents,
      currency,
      metadata,
      automatic_payment_methods: { enabled: true },
    });
    return toGatewayIntent(intent);
  }

  async retrieve(paymentIntentId: string): Promise<GatewayIntent> {
    return toGatewayIntent(await this.stripe.paymentIntents.retrieve(paymentIntentId));
  }

  async refund(paymentIntentId: string, request: RefundRequest = {}): Promise<{ id: string; status: string }> {
    const refund = await this.stripe.refunds.create(
      {
        payment_intent: paymentIntentId,
        ...(request.amountCents === undefined ? {} : { amount: request.amountCents }),
      },
      request.idempotencyKey ? { idempotencyKey: request.idempotencyKey } : undefined,
    );
    return { id: refund.id, status: refund.status ?? 'pending' };
  }

  async cancel(paymentIntentId: string, reason: CancellationReason): Promise<GatewayIntent> {
    try {
      return toGatewayIntent(await this.stripe.paymentIntents.cancel(paymentIntentId, { cancellation_reason: reason }));
    } catch (error) {
      // Stripe refuses to cancel an intent that succeeded (or is already canceled): its status says which.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return this.retrieve(paymentIntentId);
      throw error;
    }
  }

  async parseWebhookEvent(rawBody: Buffer | string, signatureHeader: string | undefined): Promise<GatewayEvent> {
    if (!signatureHeader) throw new WebhookSignatureError('Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signatureHeader, this.webhookSecret);
    } catch (error) {
      throw new WebhookSignatureError((error as Error).message);
    }
    return normalizeStripeEvent(event);
  }
}

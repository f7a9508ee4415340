import { z } from 'zod';

/** Which card gateway the shop runs: Stripe (keys configured) or the built-in test gateway. */
export const paymentGatewayKindSchema = z.enum(['stripe', 'test']);
export type PaymentGatewayKind = z.infer<typeof paymentGatewayKindSchema>;

/** GET /api/payment/config: what the web needs to show the right card form. */
export const paymentConfigSchema = z.object({
  gateway: paymentGatewayKindSchema,
  /** Stripe's publishable key; null for the test gateway. */
  publishableKey: z.string().nullable(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/**
 * A payment intent's status as the shop tracks it. `failed` means the last attempt failed (the
 * shopper may try another card); `succeeded` and `refunded` are final for the purchase.
 */
export const paymentStatusSchema = z.enum(['requires_payment_method', 'succeeded', 'failed', 'canceled', 'refunded']);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/**
 * Statuses after which nothing more happens for the shopper's purchase: paid (a later refund is the
 * shop's doing), refunded, or canceled. `failed` is not final: another card may still pay.
 */
export const FINAL_PAYMENT_STATUSES: readonly PaymentStatus[] = ['succeeded', 'refunded', 'canceled'];
/** True once a payment's status will not change by anything the shopper does (stop polling). */
export function isFinalPaymentStatus(status: PaymentStatus): boolean {
  return FINAL_PAYMENT_STATUSES.includes(status);
}

/** POST /api/payment/webhook: what the shop did with a gateway event (always 200 once the signature holds). */
export const webhookResultSchema = z.object({
  received: z.literal(true),
  duplicate: z.literal(true).optional(),
  ignored: z.string().optional(),
  status: paymentStatusSchema.optional(),
});
export type WebhookResult = z.infer<typeof webhookResultSchema>;

/** POST /api/test-gateway/confirm: the test gateway's stand-in for Stripe's client-side confirm. */
export const testGatewayConfirmRequestSchema = z.object({
  clientSecret: z.string().min(1, 'clientSecret is required').max(200),
  cardNumber: z.string().min(1, 'Your card number is incomplete.').max(40),
  expiry: z.string().min(1, "Your card's expiration date is incomplete.").max(10),
  cvc: z.string().min(1, "Your card's security code is incomplete.").max(10),
});
export type TestGatewayConfirmRequest = z.infer<typeof testGatewayConfirmRequestSchema>;

export const testGatewayConfirmResponseSchema = z.object({
  paymentIntentId: z.string(),
  status: paymentStatusSchema,
});
export type TestGatewayConfirmResponse = z.infer<typeof testGatewayConfirmResponseSchema>;

/** Stripe's test cards, which the test gateway honours the same way. */
export const TEST_CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const;

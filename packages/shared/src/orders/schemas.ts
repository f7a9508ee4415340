import { z } from 'zod';
import { clientSeedSchema } from '../fairness/schemas.ts';
import { idSchema } from '../common/ids.ts';
import { paymentStatusSchema } from '../payments/schemas.ts';

/**
 * The purchase and draw API (docs/rules/buying.md): tokens, card, buy-out, the draw. `ticketsBought` is the
 * number of tickets the shopper pays for; free tickets of a Buy-X-Get-Y promotion come on top.
 */
const ticketsBoughtSchema = z
  .number({ message: 'ticketsBought must be a whole number' })
  .int('ticketsBought must be a whole number')
  .positive('ticketsBought must be at least 1')
  .max(100_000, 'ticketsBought is too large');
const setIdSchema = idSchema('setId');
const usernameSchema = z.string().trim().min(1, 'username is required').max(100);

/** POST /api/token/use. `buyOut: true` buys every ticket left (ticketsBought is then ignored). */
export const tokenUseRequestSchema = z.object({
  ticketsBought: ticketsBoughtSchema.optional(),
  setId: setIdSchema,
  username: usernameSchema,
  clientSeed: clientSeedSchema.optional(),
  buyOut: z.boolean().optional(),
});
export type TokenUseRequest = z.infer<typeof tokenUseRequestSchema>;

export const tokenUseResponseSchema = z.object({ orderId: z.string(), totalTicketsBought: z.number().int() });
export type TokenUseResponse = z.infer<typeof tokenUseResponseSchema>;

/** POST /api/payment/kuji/create-intent */
export const kujiIntentRequestSchema = z.object({
  ticketsBought: ticketsBoughtSchema,
  setId: setIdSchema,
  username: usernameSchema,
  clientSeed: clientSeedSchema.optional(),
});
export type KujiIntentRequest = z.infer<typeof kujiIntentRequestSchema>;

/** POST /api/payment/kuji/buy-out */
export const kujiBuyOutRequestSchema = z.object({
  setId: setIdSchema,
  username: usernameSchema,
  clientSeed: clientSeedSchema.optional(),
});
export type KujiBuyOutRequest = z.infer<typeof kujiBuyOutRequestSchema>;

export const kujiIntentResponseSchema = z.object({
  clientSecret: z.string(),
  ticketsBought: z.number().int(),
  orderId: z.string(),
  holdTimeLeft: z.number().int().optional(),
});
export type KujiIntentResponse = z.infer<typeof kujiIntentResponseSchema>;

/** POST /api/kuji/check-tickets. `orderId` (optional) leaves that order's own reservation out of the count. */
export const checkTicketsRequestSchema = z.object({
  setId: setIdSchema,
  ticketsBought: ticketsBoughtSchema,
  orderId: idSchema('orderId').optional(),
});
export type CheckTicketsRequest = z.infer<typeof checkTicketsRequestSchema>;
export const checkTicketsResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type CheckTicketsResponse = z.infer<typeof checkTicketsResponseSchema>;

export const reservationResponseSchema = z.object({ expiresAt: z.string().nullable() });
export type ReservationResponse = z.infer<typeof reservationResponseSchema>;
/** Cents for card orders, tokens for token orders. */
export const orderTotalResponseSchema = z.object({ totalCost: z.number().int() });
export type OrderTotalResponse = z.infer<typeof orderTotalResponseSchema>;
/** An order's payment status: the same statuses as every payment. */
export const orderPaymentStatusSchema = paymentStatusSchema;
export const orderStatusResponseSchema = z.object({
  paymentStatus: orderPaymentStatusSchema,
  /** The checkout was replaced by the shopper's newer one of the same set (docs/rules/buying.md): cancelled, or refunded if paid anyway. */
  replaced: z.literal(true).optional(),
});
export type OrderStatusResponse = z.infer<typeof orderStatusResponseSchema>;
export const verifyOrderResponseSchema = z.object({ success: z.boolean() });
export type VerifyOrderResponse = z.infer<typeof verifyOrderResponseSchema>;

/** POST /api/draw-and-update-order/{orderId}: what was decided at payment (docs/rules/buying.md). */
export const drawResponseSchema = z.object({
  selectedPrizes: z.array(z.string()),
  challengeWon: z.boolean(),
  challengeAlphabet: z.string().nullable(),
  challengeRemainingTickets: z.number().int().nonnegative(),
  ticketsToDraw: z.number().int().nonnegative(),
});
export type DrawResponse = z.infer<typeof drawResponseSchema>;

export const orderPrizesResponseSchema = z.object({ selectedPrizes: z.array(z.string()) });
export type OrderPrizesResponse = z.infer<typeof orderPrizesResponseSchema>;

/** POST /api/prize/fetch-prizes */
export const fetchPrizesRequestSchema = z.object({
  productId: idSchema('productId'),
  selectedPrizes: z.array(z.string().min(1).max(10)).max(100_000),
});
export type FetchPrizesRequest = z.infer<typeof fetchPrizesRequestSchema>;
export const wonPrizeSchema = z.object({
  id: z.string(),
  name: z.string(),
  rank: z.string(),
  description: z.string(),
  image: z.string(),
  type: z.enum(['Small', 'Big']),
  /** How many of this prize the order won. */
  quantity: z.number().int().positive(),
});
export type WonPrize = z.infer<typeof wonPrizeSchema>;
export const fetchPrizesResponseSchema = z.object({ prizes: z.array(wonPrizeSchema) });
export type FetchPrizesResponse = z.infer<typeof fetchPrizesResponseSchema>;

/** The 423 answer while another shopper's card buy-out holds the round. */
export const HOLD_MESSAGE = 'Buying out in progress';

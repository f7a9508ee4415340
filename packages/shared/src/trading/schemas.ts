import { z } from 'zod';
import { idSchema } from '../common/ids.ts';
import { selectedItemSchema } from '../fulfilment/schemas.ts';

/**
 * Trading: shoppers swap won prizes (docs/rules/trading.md). A trade offers units of the creator's
 * inventory and names the prizes wanted; other shoppers offer their own units; the owner accepts one
 * offer and both sides' units change hands in one transaction.
 */

// ---------- Paths ----------

export const tradeIdParamsSchema = z.object({ tradeId: idSchema('tradeId') });
export const tradeOfferParamsSchema = z.object({ tradeId: idSchema('tradeId'), offerId: idSchema('offerId') });
export const marketplaceQuerySchema = z.object({ search: z.string().trim().max(100, 'search is too long').optional() });
export type MarketplaceQuery = z.infer<typeof marketplaceQuerySchema>;

// ---------- Payloads ----------

const unitsSchema = z.array(selectedItemSchema).min(1, 'Please select at least one item').max(100, 'Too many items');

/** A wanted prize: the product and one of its prizes. Names are display only; the server reads its own. */
export const wantedPrizeRequestSchema = z.object({
  productId: idSchema('productId'),
  productName: z.string().max(300).optional(),
  prizeId: idSchema('prizeId'),
  prizeName: z.string().max(300).optional(),
  name: z.string().max(300).optional(),
  quantity: z
    .number({ message: 'quantity must be a whole number' })
    .int('quantity must be a whole number')
    .min(1, 'quantity must be at least 1')
    .max(100, 'quantity is too large'),
});
export type WantedPrizeRequest = z.infer<typeof wantedPrizeRequestSchema>;

/** POST /api/trade/create. `username` must be the caller's. */
export const createTradeRequestSchema = z.object({
  prizesOffered: unitsSchema,
  prizesWanted: z
    .array(wantedPrizeRequestSchema)
    .min(1, 'Please choose at least one prize you want')
    .max(50, 'Too many wanted prizes'),
  username: z.string().trim().min(1, 'username is required').max(100),
});
export type CreateTradeRequest = z.infer<typeof createTradeRequestSchema>;

/** POST /api/trade/offer/{tradeId} */
export const createOfferRequestSchema = z.object({ offeredItems: unitsSchema });
export type CreateOfferRequest = z.infer<typeof createOfferRequestSchema>;

// ---------- Replies ----------

export const prizeDetailsSchema = z.object({ name: z.string(), description: z.string(), image: z.string() });
export type PrizeDetails = z.infer<typeof prizeDetailsSchema>;
export const tradeUserSchema = z.object({ username: z.string(), profilePicture: z.string().nullable() });

/** Units given in a trade or an offer. `shipByDate` null = pre-order (see `estimatedArrival`). */
export const offeredPrizeSchema = z.object({
  prizeId: z.string(),
  productId: z.string(),
  prizeDetails: prizeDetailsSchema,
  quantity: z.number().int().positive(),
  shipByDate: z.string().nullable(),
  estimatedArrival: z.string().nullable(),
  setName: z.string(),
});
export type OfferedPrize = z.infer<typeof offeredPrizeSchema>;

export const wantedPrizeSchema = z.object({
  prizeId: z.string(),
  productId: z.string(),
  prizeDetails: prizeDetailsSchema,
  quantity: z.number().int().positive(),
  productDetails: z.object({ name: z.string() }),
});
export type WantedPrize = z.infer<typeof wantedPrizeSchema>;

/** An offer's unit: `prizeId` carries the prize's details (the listing's shape), `prizeDetails` the same. */
export const offerPrizeSchema = offeredPrizeSchema
  .omit({ prizeId: true })
  .extend({ prizeId: prizeDetailsSchema.extend({ _id: z.string() }) });
export type OfferPrize = z.infer<typeof offerPrizeSchema>;

export const offerStatusSchema = z.enum(['active', 'accepted', 'rejected', 'withdrawn', 'cancelled', 'expired']);
export const offerSchema = z.object({
  _id: z.string(),
  tradeId: z.string(),
  fromUser: tradeUserSchema,
  offeredPrizes: z.array(offerPrizeSchema),
  status: offerStatusSchema,
  createdAt: z.string(),
});
export type Offer = z.infer<typeof offerSchema>;

export const tradeStatusSchema = z.enum(['active', 'completed', 'cancelled', 'expired']);
export type TradeStatus = z.infer<typeof tradeStatusSchema>;

/**
 * A trade as the viewer sees it. In the history `prizesOffered` is what the viewer traded away and
 * `prizesReceived` what they got; `partnerUsername` is the other side.
 */
export const tradeSchema = z.object({
  _id: z.string(),
  createdBy: tradeUserSchema,
  createdAt: z.string(),
  prizesOffered: z.array(offeredPrizeSchema),
  prizesWanted: z.array(wantedPrizeSchema),
  userOffer: offerSchema.nullable(),
  offerCount: z.number().int().nonnegative(),
  completedAt: z.string().nullable(),
  status: tradeStatusSchema,
  prizesReceived: z.array(offeredPrizeSchema),
  partnerUsername: z.string().nullable(),
});
export type Trade = z.infer<typeof tradeSchema>;

export const tradeListResponseSchema = z.object({ trades: z.array(tradeSchema) });
export type TradeListResponse = z.infer<typeof tradeListResponseSchema>;
export const offerListResponseSchema = z.object({ offers: z.array(offerSchema) });
export type OfferListResponse = z.infer<typeof offerListResponseSchema>;
export const tradeMessageResponseSchema = z.object({
  message: z.string(),
  tradeId: z.string().optional(),
  offerId: z.string().optional(),
});
export type TradeMessageResponse = z.infer<typeof tradeMessageResponseSchema>;

/** GET /api/products-with-prizes: active sets and their prizes (the wanted-prize picker). */
export const productWithPrizesSchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string(),
  preorder: z.boolean(),
  arrival: z.string().nullable(),
  prizes: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      description: z.string(),
      image: z.string(),
      type: z.enum(['Small', 'Big']),
    }),
  ),
});
export type ProductWithPrizes = z.infer<typeof productWithPrizesSchema>;
export const productsWithPrizesResponseSchema = z.object({ products: z.array(productWithPrizesSchema) });
export type ProductsWithPrizesResponse = z.infer<typeof productsWithPrizesResponseSchema>;

/** GET /api/products-images?productIds=a,b */
export const productImagesQuerySchema = z.object({
  productIds: z
    .string()
    .max(4000, 'productIds is too long')
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(idSchema('productIds')).max(100, 'Too many productIds')),
});
export const productImagesResponseSchema = z.object({ prizeImages: z.record(z.string(), z.string()) });
export type ProductImagesResponse = z.infer<typeof productImagesResponseSchema>;

// ---------- Messages ----------

export const TRADE_MESSAGES = {
  created: 'Trade created successfully',
  offerSubmitted: 'Trade offer submitted successfully',
  offerWithdrawn: 'Offer withdrawn successfully.',
  offerAccepted: 'Offer accepted successfully',
  offerRejected: 'Offer rejected successfully',
  cancelled: 'Trade cancelled successfully',
  tradeNotFound: 'Trade not found',
  offerNotFound: 'Offer not found',
  notActive: 'This trade is no longer active',
  offerNotActive: 'This offer is no longer active',
  ownTrade: 'You cannot make an offer on your own trade',
  alreadyOffered: 'You already have an offer on this trade',
  ownerOnly: 'Only the trade owner can do this',
  usernameMismatch: 'You can only create trades for yourself',
  prizeNotFound: 'Wanted prize not found',
  unitsGone: 'Some items of this trade are no longer available',
} as const;

/** What the web shows when a trade call fails (by status) or throws. */
export const TRADE_ALERTS = {
  offerWithdrawn: 'Offer withdrawn successfully.',
  offerAccepted: 'Offer accepted successfully',
  offerRejected: 'Offer rejected successfully',
  offerFailed: 'Failed to submit trade offer. Please try again.',
  offerError: 'An error occurred while submitting the trade offer. Please try again.',
  withdrawFailed: 'Failed to withdraw offer.',
  withdrawError: 'An error occurred while withdrawing the offer.',
  acceptFailed: 'Failed to accept offer',
  acceptError: 'An error occurred while accepting the offer',
  rejectFailed: 'Failed to reject offer',
  rejectError: 'An error occurred while rejecting the offer',
  createFailed: 'Failed to create trade. Please try again.',
  createError: 'An error occurred while creating the trade. Please try again.',
  cancelConfirm: 'Are you sure you want to cancel this trade?',
  noActiveTrades: 'No active trades available.',
  noTradesMatching: (search: string) => `No trades found matching "${search}"`,
  noOwnTrades: 'You have no active trades.',
  noOffers: 'No offers available for this trade.',
  noHistory: 'No completed trades found.',
  enterSetName: 'Please enter a set name to search for prizes',
  noSetsMatching: (text: string) => `No sets found matching "${text}"`,
} as const;

/** The marketplace search waits this long after the last key; the owner leaves an accepted trade after this. */
export const TRADE_SEARCH_DEBOUNCE_MS = 300;
export const TRADE_ACCEPT_REDIRECT_MS = 2000;
/** Fuzzy threshold of the wanted-prize set name search. */
export const WANTED_PRIZE_SEARCH_THRESHOLD = 0.3;

import { z } from 'zod';
import { paymentStatusSchema } from '../payments/schemas.ts';

/** Tokens bought (or refunded, or given as a bonus) expire this many months later (docs/rules/tokens.md). */
export const TOKEN_LOT_LIFETIME_MONTHS = 6;

/** Bonus tokens of a promo code: round(tokens x percentage / 100) (docs/rules/tokens.md). */
export function bonusTokens(tokenAmount: number, extraTokensPercentage: number): number {
  return Math.round((tokenAmount * extraTokensPercentage) / 100);
}

/** A token package (docs/rules/tokens.md). Prices in cents. */
export const tokenPackageSchema = z.object({
  _id: z.string(),
  packageName: z.string(),
  tokenAmount: z.number().int().positive(),
  price: z.number().int().positive(),
  originalPrice: z.number().int().positive().optional(),
  promoBanner: z.string().optional(),
});
export type TokenPackage = z.infer<typeof tokenPackageSchema>;

/** GET /api/token/packages */
export const tokenPackagesResponseSchema = z.object({ tokenPackages: z.array(tokenPackageSchema) });
export type TokenPackagesResponse = z.infer<typeof tokenPackagesResponseSchema>;

const username = z.string({ message: 'username is required' }).trim().min(1, 'username is required').max(100);

/** POST /api/payment/token/create-intent */
export const createTokenIntentRequestSchema = z.object({
  packageId: z.string({ message: 'packageId is required' }).trim().min(1, 'packageId is required').max(100),
  username,
});
export type CreateTokenIntentRequest = z.infer<typeof createTokenIntentRequestSchema>;

export const createTokenIntentResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  tokenPackage: tokenPackageSchema,
});
export type CreateTokenIntentResponse = z.infer<typeof createTokenIntentResponseSchema>;

/** `/api/token/payment-status/{paymentIntentId}`: the gateway's id (not one of the shop's uuids). */
export const paymentIntentIdParamsSchema = z.object({ paymentIntentId: z.string().min(1).max(200) });

/** GET /api/token/payment-status/{paymentIntentId} */
export const tokenPaymentStatusResponseSchema = z.object({ paymentStatus: paymentStatusSchema });
export type TokenPaymentStatusResponse = z.infer<typeof tokenPaymentStatusResponseSchema>;

/** POST /api/promocode/apply */
export const applyPromoCodeRequestSchema = z.object({
  promoCode: z.string({ message: 'Please enter a promo code' }).trim().min(1, 'Please enter a promo code').max(64),
  packageId: z.string({ message: 'packageId is required' }).trim().min(1, 'packageId is required').max(100),
  username,
  paymentIntentId: z
    .string({ message: 'paymentIntentId is required' })
    .trim()
    .min(1, 'paymentIntentId is required')
    .max(200),
});
export type ApplyPromoCodeRequest = z.infer<typeof applyPromoCodeRequestSchema>;

export const applyPromoCodeResponseSchema = z.object({ extraTokensPercentage: z.number().int().positive() });
export type ApplyPromoCodeResponse = z.infer<typeof applyPromoCodeResponseSchema>;

/** GET /api/token/balance */
export const tokenBalanceResponseSchema = z.object({ totalTokens: z.number().int().nonnegative() });
export type TokenBalanceResponse = z.infer<typeof tokenBalanceResponseSchema>;

/** A lot of tokens as the shopper sees it: what is left and when it expires (ISO, UTC). */
export const userTokenSchema = z.object({
  _id: z.string(),
  amountLeft: z.number().int().nonnegative(),
  expiryDate: z.string(),
});
export type UserToken = z.infer<typeof userTokenSchema>;

/** GET /api/token/user-tokens */
export const userTokensResponseSchema = z.object({
  activeTokens: z.array(userTokenSchema),
  expiredTokens: z.array(userTokenSchema),
});
export type UserTokensResponse = z.infer<typeof userTokensResponseSchema>;

import {
  shopOpsMessages,
  type AdminPromoCode,
  type AdminTokenPackage,
  type PromoCodeInput,
  type TokenPackage,
  type TokenPackageInput,
} from '@kujiya/shared';
import { isUniqueViolation } from '../../db/errors.ts';
import { conflict } from '../../core/http-errors.ts';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The Drizzle rows stay in this module; other modules get these plain types (the service's return types check the rows fit them). */

/** A token package as the shop's other modules see it. */
export interface TokenPackageRecord {
  id: string;
  packageName: string;
  tokenAmount: number;
  price: number;
  originalPrice: number | null;
  promoBanner: string | null;
  active: boolean;
  sortOrder: number;
  createdAt: Date;
}

/** A card purchase of tokens (docs/rules/tokens.md). */
export interface TokenPurchase {
  paymentIntentId: string;
  userId: string;
  packageId: string;
  tokenAmount: number;
  price: number;
  promoCodeId: string | null;
  extraTokensPercentage: number;
  bonusTokens: number;
  status: 'pending' | 'completed' | 'failed' | 'refunded' | 'canceled';
  createdAt: Date;
  completedAt: Date | null;
}

/** A promo code with its uses so far. */
export interface PromoCode {
  id: string;
  code: string;
  extraTokensPercentage: number;
  validFrom: Date;
  validTo: Date;
  maxUses: number | null;
  usesCount: number;
  oncePerShopper: boolean;
  active: boolean;
  createdAt: Date;
}

export function toTokenPackage(row: TokenPackageRecord): TokenPackage {
  return {
    _id: row.id,
    packageName: row.packageName,
    tokenAmount: row.tokenAmount,
    price: row.price,
    ...(row.originalPrice ? { originalPrice: row.originalPrice } : {}),
    ...(row.promoBanner ? { promoBanner: row.promoBanner } : {}),
  };
}

export function toAdminTokenPackage(row: TokenPackageRecord): AdminTokenPackage {
  return {
    id: row.id,
    packageName: row.packageName,
    tokenAmount: row.tokenAmount,
    price: row.price,
    originalPrice: row.originalPrice,
    promoBanner: row.promoBanner,
    sortOrder: row.sortOrder,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAdminPromoCode(row: PromoCode): AdminPromoCode {
  return {
    id: row.id,
    code: row.code,
    extraTokensPercentage: row.extraTokensPercentage,
    validFrom: row.validFrom.toISOString(),
    validTo: row.validTo.toISOString(),
    maxUses: row.maxUses,
    oncePerShopper: row.oncePerShopper,
    active: row.active,
    usesCount: row.usesCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export const packageValues = (input: TokenPackageInput) => ({
  packageName: input.packageName,
  tokenAmount: input.tokenAmount,
  price: input.price,
  originalPrice: input.originalPrice ?? null,
  promoBanner: input.promoBanner ? input.promoBanner : null,
  sortOrder: input.sortOrder ?? 0,
  active: input.active ?? true,
});
export const promoValues = (input: PromoCodeInput) => ({
  code: input.code.trim().toUpperCase(),
  extraTokensPercentage: input.extraTokensPercentage,
  validFrom: new Date(input.validFrom),
  validTo: new Date(input.validTo),
  maxUses: input.maxUses ?? null,
  oncePerShopper: input.oncePerShopper ?? true,
  active: input.active ?? true,
});
export const mapPromoConflict = (error: unknown): never => {
  if (isUniqueViolation(error)) throw conflict(shopOpsMessages.promoCodeTaken);
  throw error;
};

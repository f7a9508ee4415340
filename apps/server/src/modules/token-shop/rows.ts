import { shopOpsMessages, type AdminPromoCode, type AdminTokenPackage, type PromoCodeInput, type TokenPackage, type TokenPackageInput } from '@kujiya/shared';
import { isUniqueViolation } from '../../db/errors.ts';
import { conflict } from '../../core/http-errors.ts';
import type { promoCodes, tokenPackages, tokenPurchases } from './tables.ts';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type PackageRow = typeof tokenPackages.$inferSelect;
export type TokenPurchase = typeof tokenPurchases.$inferSelect;
export type PromoCode = typeof promoCodes.$inferSelect;

export function toTokenPackage(row: PackageRow): TokenPackage {
  return {
    _id: row.id,
    packageName: row.packageName,
    tokenAmount: row.tokenAmount,
    price: row.price,
    ...(row.originalPrice ? { originalPrice: row.originalPrice } : {}),
    ...(row.promoBanner ? { promoBanner: row.promoBanner } : {}),
  };
}

export function toAdminTokenPackage(row: PackageRow): AdminTokenPackage {
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


import {
  ErrorCode,
  adminPromoCodeSchema,
  adminPromoCodesResponseSchema,
  adminTokenPackageSchema,
  adminTokenPackagesResponseSchema,
  promoCodeIdParamsSchema,
  promoCodeInputSchema,
  promoCodeUsesResponseSchema,
  pickupPointResponseSchema,
  shopSettingsSchema,
  shopperDetailSchema,
  shopperIdParamsSchema,
  shopperSearchQuerySchema,
  shopperSearchResponseSchema,
  shopperSummarySchema,
  tokenAdjustmentRequestSchema,
  tokenAdjustmentResponseSchema,
  tokenPackageIdParamsSchema,
  tokenPackageInputSchema,
} from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';
import { errorAnswers } from '../../core/error-answers.ts';

/**
 * The back office for running the shop (docs/rules/shop-ops.md). Every route is guarded by
 * requireAdmin, which also keeps staff admins out: all of these are for owners.
 */
export const shopOpsRoutes: ModuleRoutes = (app, { ctx, services }) => {
  const { tokenShop, shopOps, accounts, shopSettings } = services;
  const admin = ctx.guards.requireAdmin;

  // ---- the shop's settings: the pickup point (public to the shop's pages) and the labels' sender
  app.get('/admin/settings', { onRequest: admin, schema: { response: { 200: shopSettingsSchema } } }, async () =>
    shopSettings.read(),
  );
  app.put(
    '/admin/settings',
    { onRequest: admin, schema: { body: shopSettingsSchema, response: { 200: shopSettingsSchema } } },
    async (request) => shopSettings.update(request.admin!, request.body),
  );
  app.get('/settings/pickup-point', { schema: { response: { 200: pickupPointResponseSchema } } }, async () => ({
    pickupPoint: await shopSettings.pickupPoint(),
  }));

  // ---- token packages
  app.get(
    '/admin/token-packages',
    { onRequest: admin, schema: { response: { 200: adminTokenPackagesResponseSchema } } },
    async () => ({
      tokenPackages: await tokenShop.adminListPackages(),
    }),
  );
  app.post(
    '/admin/token-packages',
    { onRequest: admin, schema: { body: tokenPackageInputSchema, response: { 201: adminTokenPackageSchema } } },
    async (request, reply) => reply.code(201).send(await tokenShop.adminCreatePackage(request.admin!, request.body)),
  );
  app.put(
    '/admin/token-packages/:packageId',
    {
      onRequest: admin,
      schema: {
        params: tokenPackageIdParamsSchema,
        body: tokenPackageInputSchema,
        response: { 200: adminTokenPackageSchema },
      },
    },
    async (request) => tokenShop.adminUpdatePackage(request.admin!, request.params.packageId, request.body),
  );

  // ---- promo codes
  app.get(
    '/admin/promo-codes',
    { onRequest: admin, schema: { response: { 200: adminPromoCodesResponseSchema } } },
    async () => ({
      promoCodes: await tokenShop.adminListPromoCodes(),
    }),
  );
  app.post(
    '/admin/promo-codes',
    {
      onRequest: admin,
      schema: {
        body: promoCodeInputSchema,
        response: { 201: adminPromoCodeSchema, ...errorAnswers({ 409: [ErrorCode.PROMO_CODE_TAKEN] }) },
      },
    },
    async (request, reply) => reply.code(201).send(await tokenShop.adminCreatePromoCode(request.admin!, request.body)),
  );
  app.put(
    '/admin/promo-codes/:promoCodeId',
    {
      onRequest: admin,
      schema: {
        params: promoCodeIdParamsSchema,
        body: promoCodeInputSchema,
        response: { 200: adminPromoCodeSchema, ...errorAnswers({ 409: [ErrorCode.PROMO_CODE_TAKEN] }) },
      },
    },
    async (request) => tokenShop.adminUpdatePromoCode(request.admin!, request.params.promoCodeId, request.body),
  );
  app.get(
    '/admin/promo-codes/:promoCodeId/uses',
    { onRequest: admin, schema: { params: promoCodeIdParamsSchema, response: { 200: promoCodeUsesResponseSchema } } },
    async (request) => shopOps.promoCodeUses(request.params.promoCodeId),
  );

  // ---- shoppers
  app.get(
    '/admin/shoppers',
    {
      onRequest: admin,
      schema: { querystring: shopperSearchQuerySchema, response: { 200: shopperSearchResponseSchema } },
    },
    async (request) => accounts.searchShoppers(request.query.q, request.query.page),
  );
  app.get(
    '/admin/shoppers/:shopperId',
    { onRequest: admin, schema: { params: shopperIdParamsSchema, response: { 200: shopperDetailSchema } } },
    async (request) => shopOps.shopperDetail(request.params.shopperId),
  );
  app.post(
    '/admin/shoppers/:shopperId/disable',
    { onRequest: admin, schema: { params: shopperIdParamsSchema, response: { 200: shopperSummarySchema } } },
    async (request) => shopOps.setShopperDisabled(request.admin!, request.params.shopperId, true),
  );
  app.post(
    '/admin/shoppers/:shopperId/enable',
    { onRequest: admin, schema: { params: shopperIdParamsSchema, response: { 200: shopperSummarySchema } } },
    async (request) => shopOps.setShopperDisabled(request.admin!, request.params.shopperId, false),
  );
  app.post(
    '/admin/shoppers/:shopperId/tokens',
    {
      onRequest: admin,
      schema: {
        params: shopperIdParamsSchema,
        body: tokenAdjustmentRequestSchema,
        response: { 200: tokenAdjustmentResponseSchema },
      },
    },
    async (request) => shopOps.adjustTokens(request.admin!, request.params.shopperId, request.body),
  );
};

import {
  ErrorCode,
  applyPromoCodeRequestSchema,
  applyPromoCodeResponseSchema,
  createTokenIntentRequestSchema,
  createTokenIntentResponseSchema,
  paymentIntentIdParamsSchema,
  tokenPackagesResponseSchema,
  tokenPaymentStatusResponseSchema,
} from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';
import { errorAnswers } from '../../core/error-answers.ts';

export const tokenShopRoutes: ModuleRoutes = (app, { ctx, services }) => {
  const { tokenShop } = services;
  const guard = { onRequest: ctx.guards.requireUser };

  app.get('/token/packages', { schema: { response: { 200: tokenPackagesResponseSchema } } }, async () => ({
    tokenPackages: await tokenShop.listPackages(),
  }));

  app.post(
    '/payment/token/create-intent',
    {
      ...guard,
      config: { idempotent: true },
      schema: {
        body: createTokenIntentRequestSchema,
        response: { 200: createTokenIntentResponseSchema, ...errorAnswers({ 404: [ErrorCode.NOT_FOUND] }) },
      },
    },
    async (request) => tokenShop.createIntent(request.user!, request.body),
  );

  app.get(
    '/token/payment-status/:paymentIntentId',
    { ...guard, schema: { params: paymentIntentIdParamsSchema, response: { 200: tokenPaymentStatusResponseSchema } } },
    async (request) => ({
      paymentStatus: await tokenShop.paymentStatus(request.user!, request.params.paymentIntentId),
    }),
  );

  app.post(
    '/promocode/apply',
    {
      ...guard,
      config: { idempotent: true },
      schema: {
        body: applyPromoCodeRequestSchema,
        response: {
          200: applyPromoCodeResponseSchema,
          ...errorAnswers({ 404: [ErrorCode.PROMO_CODE_INVALID, ErrorCode.PAYMENT_NOT_FOUND] }),
        },
      },
    },
    async (request) => tokenShop.applyPromoCode(request.user!, request.body),
  );
};

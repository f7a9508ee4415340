import {
  applyPromoCodeRequestSchema,
  createTokenIntentRequestSchema,
  type ApplyPromoCodeResponse,
  type CreateTokenIntentResponse,
  type TokenPackagesResponse,
  type TokenPaymentStatusResponse,
} from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';
import { parseInput } from '../../core/validate.ts';

export const tokenShopRoutes: ModuleRoutes = (app, { ctx, services }) => {
  const { tokenShop } = services;

  app.get('/token/packages', async (): Promise<TokenPackagesResponse> => ({ tokenPackages: await tokenShop.listPackages() }));

  app.post('/payment/token/create-intent', { preHandler: ctx.guards.requireUser }, async (request): Promise<CreateTokenIntentResponse> =>
    tokenShop.createIntent(request.user!, parseInput(createTokenIntentRequestSchema, request.body ?? {})),
  );

  app.get<{ Params: { paymentIntentId: string } }>(
    '/token/payment-status/:paymentIntentId',
    { preHandler: ctx.guards.requireUser },
    async (request): Promise<TokenPaymentStatusResponse> => ({
      paymentStatus: await tokenShop.paymentStatus(request.user!, request.params.paymentIntentId),
    }),
  );

  app.post('/promocode/apply', { preHandler: ctx.guards.requireUser }, async (request): Promise<ApplyPromoCodeResponse> =>
    tokenShop.applyPromoCode(request.user!, parseInput(applyPromoCodeRequestSchema, request.body ?? {})),
  );
};

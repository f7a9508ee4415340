import { tokenBalanceResponseSchema, userTokensResponseSchema } from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';

export const walletRoutes: ModuleRoutes = (app, { ctx, services }) => {
  const guard = { onRequest: ctx.guards.requireUser };

  app.get(
    '/token/balance',
    { ...guard, schema: { response: { 200: tokenBalanceResponseSchema } } },
    async (request) => ({
      totalTokens: await services.wallet.balance(ctx.db, request.user!.id),
    }),
  );

  app.get(
    '/token/user-tokens',
    { ...guard, schema: { response: { 200: userTokensResponseSchema } } },
    async (request) => {
      const { active, expired } = await services.wallet.lots(request.user!.id);
      const shape = (lot: { id: string; amountLeft: number; expiresAt: Date }) => ({
        _id: lot.id,
        amountLeft: lot.amountLeft,
        expiryDate: lot.expiresAt.toISOString(),
      });
      return { activeTokens: active.map(shape), expiredTokens: expired.map(shape) };
    },
  );
};

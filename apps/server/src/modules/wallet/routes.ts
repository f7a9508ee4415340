import type { TokenBalanceResponse, UserTokensResponse } from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';

export const walletRoutes: ModuleRoutes = (app, { ctx, services }) => {
  app.get('/token/balance', { preHandler: ctx.guards.requireUser }, async (request): Promise<TokenBalanceResponse> => {
    return { totalTokens: await services.wallet.balance(request.user!.id) };
  });

  app.get('/token/user-tokens', { preHandler: ctx.guards.requireUser }, async (request): Promise<UserTokensResponse> => {
    const { active, expired } = await services.wallet.lots(request.user!.id);
    const shape = (lot: { id: string; amountLeft: number; expiresAt: Date }) => ({
      _id: lot.id,
      amountLeft: lot.amountLeft,
      expiryDate: lot.expiresAt.toISOString(),
    });
    return { activeTokens: active.map(shape), expiredTokens: expired.map(shape) };
  });
};

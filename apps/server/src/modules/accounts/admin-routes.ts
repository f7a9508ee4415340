import { adminLoginRequestSchema, adminLoginResponseSchema } from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';
import { accountLimits, loginLimited } from './rate-limits.ts';

/** POST /api/admin/login: a bearer token with role admin and an expiry (docs/rules/accounts.md). */
export const adminAccountRoutes: ModuleRoutes = (app, { ctx, services }) => {
  app.post(
    '/admin/login',
    {
      ...loginLimited(ctx.limiter, 'admin-login', accountLimits.adminLogin, services.accounts.adminLoginAccountKey),
      schema: { body: adminLoginRequestSchema, response: { 200: adminLoginResponseSchema } },
    },
    async (request) => {
      const { token, expiresAt } = await services.accounts.adminLogin(request.body.username, request.body.password);
      return { token, expiresAt: expiresAt.toISOString() };
    },
  );
};

import { adminLoginRequestSchema, adminLoginResponseSchema } from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';
import { accountLimits, rateLimited } from './rate-limits.ts';

/** POST /api/admin/login: a bearer token with role admin and an expiry (docs/rules/accounts.md). */
export const adminAccountRoutes: ModuleRoutes = (app, { services }) => {
  app.post(
    '/admin/login',
    {
      ...rateLimited(app, 'admin-login', accountLimits.adminLogin),
      schema: { body: adminLoginRequestSchema, response: { 200: adminLoginResponseSchema } },
    },
    async (request) => {
      const { token, expiresAt } = await services.accounts.adminLogin(request.body.username, request.body.password);
      return { token, expiresAt: expiresAt.toISOString() };
    },
  );
};

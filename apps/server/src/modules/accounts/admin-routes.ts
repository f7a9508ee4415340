import { adminLoginRequestSchema, type AdminLoginResponse } from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';
import { parseInput } from '../../core/validate.ts';
import { accountLimits, rateLimited } from './rate-limits.ts';

/** POST /api/admin/login (spec 001 §7): a bearer token with role admin and an expiry. */
export const adminAccountRoutes: ModuleRoutes = (app, { services }) => {
  app.post(
    '/admin/login',
    rateLimited(app, 'admin-login', accountLimits.adminLogin),
    async (request): Promise<AdminLoginResponse> => {
      const { username, password } = parseInput(adminLoginRequestSchema, request.body);
      const { token, expiresAt } = await services.accounts.adminLogin(username, password);
      return { token, expiresAt: expiresAt.toISOString() };
    },
  );
};

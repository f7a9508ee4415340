import { adminLoginRequestSchema, type AdminLoginResponse } from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';
import { parseInput } from '../../core/validate.ts';
import { accountLimits, loginLimited } from './rate-limits.ts';

/** POST /api/admin/login (spec 001 §7): a bearer token with role admin and an expiry. */
export const adminAccountRoutes: ModuleRoutes = (app, { ctx, services }) => {
  app.post(
    '/admin/login',
    loginLimited(ctx.limiter, 'admin-login', accountLimits.adminLogin, services.accounts.adminLoginAccountKey),
    async (request): Promise<AdminLoginResponse> => {
      const { username, password } = parseInput(adminLoginRequestSchema, request.body);
      const { token, expiresAt } = await services.accounts.adminLogin(username, password);
      return { token, expiresAt: expiresAt.toISOString() };
    },
  );
};

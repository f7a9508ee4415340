import {
  acceptAdminInviteRequestSchema,
  adminAccountSchema,
  adminAccountsResponseSchema,
  adminIdParamsSchema,
  adminLoginRequestSchema,
  adminLoginResponseSchema,
  adminMeResponseSchema,
  changeAdminPasswordRequestSchema,
  inviteAdminRequestSchema,
  shopOpsMessageResponseSchema,
  type AdminLoginResponse,
} from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';
import { parseInput } from '../../core/validate.ts';
import { accountLimits, rateLimited } from './rate-limits.ts';

/** POST /api/admin/login (spec 001 §7): a bearer token with role admin and an expiry. */
export const adminAccountRoutes: ModuleRoutes = (app, { ctx, services }) => {
  const admin = ctx.guards.requireAdmin;
  const { accounts } = services;
  app.post(
    '/admin/login',
    rateLimited(app, 'admin-login', accountLimits.adminLogin),
    async (request): Promise<AdminLoginResponse> => {
      const { username, password } = parseInput(adminLoginRequestSchema, request.body);
      const { token, expiresAt } = await services.accounts.adminLogin(username, password);
      return { token, expiresAt: expiresAt.toISOString() };
    },
  );
  // Back-office accounts (docs/rules/shop-ops.md): /admin/me and /admin/password are open to staff too.
  app.get('/admin/me', { preHandler: admin, schema: { response: { 200: adminMeResponseSchema } } }, async (request) =>
    accounts.admins.me(request.admin!),
  );
  const passwordLimit = rateLimited(app, 'admin-password', accountLimits.changeAdminPassword);
  app.post(
    '/admin/password',
    { preHandler: [admin, passwordLimit.preHandler], onResponse: passwordLimit.onResponse, schema: { body: changeAdminPasswordRequestSchema, response: { 200: adminLoginResponseSchema } } },
    async (request) => {
      const { token, expiresAt } = await accounts.admins.changePassword(request.admin!, request.body.currentPassword, request.body.newPassword);
      return { token, expiresAt: expiresAt.toISOString() };
    },
  );
  app.get('/admin/admins', { preHandler: admin, schema: { response: { 200: adminAccountsResponseSchema } } }, async () => ({
    admins: await accounts.admins.list(),
  }));
  app.post(
    '/admin/admins',
    { preHandler: admin, schema: { body: inviteAdminRequestSchema, response: { 201: adminAccountSchema } } },
    async (request, reply) => reply.code(201).send(await accounts.admins.invite(request.admin!, request.body)),
  );
  app.post(
    '/admin/admins/:adminId/disable',
    { preHandler: admin, schema: { params: adminIdParamsSchema, response: { 200: adminAccountSchema } } },
    async (request) => accounts.admins.disable(request.admin!, request.params.adminId),
  );
  app.post(
    '/admin/admins/:adminId/enable',
    { preHandler: admin, schema: { params: adminIdParamsSchema, response: { 200: adminAccountSchema } } },
    async (request) => accounts.admins.enable(request.admin!, request.params.adminId),
  );
  // Public: the invited admin's one-time link (rate-limited like the admin login).
  app.post(
    '/admin/invitations/accept',
    { ...rateLimited(app, 'admin-invite-accept', accountLimits.acceptAdminInvite), schema: { body: acceptAdminInviteRequestSchema, response: { 200: shopOpsMessageResponseSchema } } },
    async (request) => {
      await accounts.admins.acceptInvite(request.body.token, request.body.password);
      return { message: 'Your password is set. You can now log in.' };
    },
  );
};

import {
  ErrorCode,
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
} from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';
import { HttpError } from '../../core/http-errors.ts';
import { accountLimits, loginLimited, markSecondStepAsked, rateLimited } from './rate-limits.ts';
import { errorAnswers } from '../../core/error-answers.ts';

/**
 * POST /api/admin/login: a bearer token with role admin and an expiry (docs/rules/accounts.md), after
 * the second factor when the admin has one (docs/rules/two-factor.md).
 */
export const adminAccountRoutes: ModuleRoutes = (app, { ctx, services }) => {
  const admin = ctx.guards.requireAdmin;
  const { accounts } = services;
  app.post(
    '/admin/login',
    {
      ...loginLimited(ctx.limiter, 'admin-login', accountLimits.adminLogin, services.accounts.adminLoginAccountKey),
      schema: {
        body: adminLoginRequestSchema,
        response: {
          200: adminLoginResponseSchema,
          ...errorAnswers({
            401: [ErrorCode.INVALID_LOGIN, ErrorCode.TWO_FACTOR_REQUIRED, ErrorCode.TWO_FACTOR_INVALID],
            403: [ErrorCode.ACCOUNT_DISABLED],
          }),
        },
      },
    },
    async (request) => {
      try {
        const { token, expiresAt, enrolmentOnly } = await services.accounts.adminLogin(request.body);
        return {
          token,
          expiresAt: expiresAt.toISOString(),
          ...(enrolmentOnly ? { twoFactorEnrolmentRequired: true } : {}),
        };
      } catch (error) {
        // The password was right; the answer asks for the second factor (docs/rules/two-factor.md).
        if (error instanceof HttpError && error.code === ErrorCode.TWO_FACTOR_REQUIRED) markSecondStepAsked(request);
        throw error;
      }
    },
  );
  // Back-office accounts (docs/rules/shop-ops.md): /admin/me and /admin/password are open to staff too.
  app.get('/admin/me', { onRequest: admin, schema: { response: { 200: adminMeResponseSchema } } }, async (request) =>
    accounts.admins.me(request.admin!),
  );
  app.post(
    '/admin/password',
    {
      onRequest: admin,
      preHandler: rateLimited(ctx.limiter, 'admin-password', accountLimits.changeAdminPassword).preHandler,
      schema: { body: changeAdminPasswordRequestSchema, response: { 200: adminLoginResponseSchema } },
    },
    async (request) => {
      const { token, expiresAt } = await accounts.admins.changePassword(
        request.admin!,
        request.body.currentPassword,
        request.body.newPassword,
      );
      return { token, expiresAt: expiresAt.toISOString() };
    },
  );
  app.get(
    '/admin/admins',
    { onRequest: admin, schema: { response: { 200: adminAccountsResponseSchema } } },
    async () => ({
      admins: await accounts.admins.list(),
    }),
  );
  app.post(
    '/admin/admins',
    {
      onRequest: admin,
      schema: {
        body: inviteAdminRequestSchema,
        response: {
          201: adminAccountSchema,
          ...errorAnswers({ 409: [ErrorCode.ADMIN_TAKEN, ErrorCode.ADMIN_EMAIL_TAKEN] }),
        },
      },
    },
    async (request, reply) => reply.code(201).send(await accounts.admins.invite(request.admin!, request.body)),
  );
  app.post(
    '/admin/admins/:adminId/disable',
    { onRequest: admin, schema: { params: adminIdParamsSchema, response: { 200: adminAccountSchema } } },
    async (request) => accounts.admins.disable(request.admin!, request.params.adminId),
  );
  app.post(
    '/admin/admins/:adminId/enable',
    { onRequest: admin, schema: { params: adminIdParamsSchema, response: { 200: adminAccountSchema } } },
    async (request) => accounts.admins.enable(request.admin!, request.params.adminId),
  );
  // Public: the invited admin's one-time link (rate-limited like the admin login).
  app.post(
    '/admin/invitations/accept',
    {
      ...rateLimited(ctx.limiter, 'admin-invite-accept', accountLimits.acceptAdminInvite),
      schema: { body: acceptAdminInviteRequestSchema, response: { 200: shopOpsMessageResponseSchema } },
    },
    async (request) => {
      await accounts.admins.acceptInvite(request.body.token, request.body.password);
      return { message: 'Your password is set. You can now log in.' };
    },
  );
};

import type { FastifyRequest } from 'fastify';
import {
  adminIdParamsSchema,
  passkeyIdParamsSchema,
  passkeyLoginOptionsRequestSchema,
  passkeyOptionsSchema,
  passkeyRegisterRequestSchema,
  passkeyAddedResponseSchema,
  shopOpsMessageResponseSchema,
  twoFactorCodeRequestSchema,
  twoFactorEnableResponseSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusSchema,
} from '@kujiya/shared';
import { MINUTE } from '../../core/clock.ts';
import type { ModuleRoutes } from '../../routes.ts';
import { rateLimited, type RouteLimits } from '../accounts/service.ts';

/** Every try counts, per address and per signed-in admin (or typed name): codes are guessed no faster than passwords. */
function tries(perAccountMax: number, key: (r: FastifyRequest) => unknown): RouteLimits {
  const windowMs = 15 * MINUTE;
  return { perIp: { max: 60, windowMs }, perAccount: { max: perAccountMax, windowMs, key } };
}

const perAdmin = (request: FastifyRequest) => request.admin?.id ?? '';

/** The authenticator app: status, setup, enable, disable (open to an enrolment-only session, and to staff). */
const authenticatorRoutes: ModuleRoutes = (app, { ctx, services }) => {
  const admin = ctx.guards.requireAdmin;
  const { twoFactor, accounts } = services;
  const codeTries = rateLimited(ctx.limiter, 'two-factor-code', tries(10, perAdmin));
  app.get('/admin/2fa', { onRequest: admin, schema: { response: { 200: twoFactorStatusSchema } } }, async (request) =>
    twoFactor.status(request.admin!, Boolean(request.admin!.enrolmentOnly)),
  );
  app.post(
    '/admin/2fa/setup',
    { onRequest: admin, schema: { response: { 200: twoFactorSetupResponseSchema } } },
    async (request) => twoFactor.setup(request.admin!),
  );
  app.post(
    '/admin/2fa/enable',
    {
      onRequest: admin,
      ...codeTries,
      schema: { body: twoFactorCodeRequestSchema, response: { 200: twoFactorEnableResponseSchema } },
    },
    async (request) => {
      const recoveryCodes = await twoFactor.enable(request.admin!, request.body.code);
      if (!request.admin!.enrolmentOnly) return { recoveryCodes };
      // The enrolment-only session becomes a full one.
      const { token, expiresAt } = await accounts.admins.freshToken(request.admin!.id);
      return { recoveryCodes, token, expiresAt: expiresAt.toISOString() };
    },
  );
  app.post(
    '/admin/2fa/disable',
    {
      onRequest: admin,
      ...codeTries,
      schema: { body: twoFactorCodeRequestSchema, response: { 200: twoFactorStatusSchema } },
    },
    async (request) => {
      await twoFactor.disable(request.admin!, request.body.code);
      return twoFactor.status(request.admin!, Boolean(request.admin!.enrolmentOnly));
    },
  );
};

/** Passkeys: register (options, then the answer), remove, and the login's options. */
const passkeyRoutes: ModuleRoutes = (app, { ctx, services }) => {
  const admin = ctx.guards.requireAdmin;
  const { twoFactor, accounts } = services;
  app.post(
    '/admin/2fa/passkeys/options',
    { onRequest: admin, schema: { response: { 200: passkeyOptionsSchema } } },
    async (request) => twoFactor.passkeyRegistrationOptions(request.admin!),
  );
  app.post(
    '/admin/2fa/passkeys',
    {
      onRequest: admin,
      ...rateLimited(ctx.limiter, 'passkey-register', tries(10, perAdmin)),
      schema: { body: passkeyRegisterRequestSchema, response: { 201: passkeyAddedResponseSchema } },
    },
    async (request, reply) => {
      const added = await twoFactor.addPasskey(request.admin!, request.body.response, request.body.name);
      if (!request.admin!.enrolmentOnly) return reply.code(201).send(added);
      // The enrolment-only session becomes a full one.
      const { token, expiresAt } = await accounts.admins.freshToken(request.admin!.id);
      return reply.code(201).send({ ...added, token, expiresAt: expiresAt.toISOString() });
    },
  );
  app.delete(
    '/admin/2fa/passkeys/:passkeyId',
    { onRequest: admin, schema: { params: passkeyIdParamsSchema, response: { 200: twoFactorStatusSchema } } },
    async (request) => {
      await twoFactor.removePasskey(request.admin!, request.params.passkeyId);
      return twoFactor.status(request.admin!, Boolean(request.admin!.enrolmentOnly));
    },
  );
  // Public: the challenge a passkey login answers (then POST /api/admin/login with `passkey`).
  app.post(
    '/admin/2fa/passkey/login-options',
    {
      ...rateLimited(
        ctx.limiter,
        'passkey-login-options',
        tries(20, (r) => (r.body as { username?: unknown } | undefined)?.username),
      ),
      schema: { body: passkeyLoginOptionsRequestSchema, response: { 200: passkeyOptionsSchema } },
    },
    async (request) => twoFactor.passkeyLoginOptions(await accounts.admins.findId(request.body.username)),
  );
  // Owners only (not a staff path): another owner clears an admin's factors, audited.
  app.delete(
    '/admin/admins/:adminId/2fa',
    { onRequest: admin, schema: { params: adminIdParamsSchema, response: { 200: shopOpsMessageResponseSchema } } },
    async (request) => {
      const target = await accounts.admins.get(request.params.adminId);
      await twoFactor.reset(request.admin!, target.id, (tx) => accounts.admins.endSessions(tx, target.id));
      return { message: `Two-factor sign-in of ${target.username} was reset.` };
    },
  );
};

/** `/api/admin/2fa/*` and the owners' reset (docs/rules/two-factor.md). */
export const twoFactorRoutes: ModuleRoutes = async (app, deps) => {
  await authenticatorRoutes(app, deps);
  await passkeyRoutes(app, deps);
};

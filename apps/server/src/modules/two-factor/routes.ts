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
import { notFound, tooManyAttempts } from '../../core/http-errors.ts';
import type { RateLimiter } from '../../core/rate-limiter.ts';
import type { ModuleRoutes } from '../../routes.ts';

/** Every try counts, per address and per signed-in admin (or typed name): codes are guessed no faster than passwords. */
function triesLimited(
  limiter: RateLimiter,
  name: string,
  perAccountMax: number,
  accountOf: (r: FastifyRequest) => string,
) {
  const windowMs = 15 * MINUTE;
  return async (request: FastifyRequest) => {
    const counters = await Promise.all([
      limiter.hit(`${name}:ip:${request.ip}`, windowMs).then((c) => ({ ...c, max: 60 })),
      limiter.hit(`${name}:account:${accountOf(request)}`, windowMs).then((c) => ({ ...c, max: perAccountMax })),
    ]);
    const waits = counters.flatMap((c) => (c.count > c.max ? [c.ttlMs] : []));
    if (waits.length > 0) throw tooManyAttempts(Math.max(...waits));
  };
}

const perAdmin = (request: FastifyRequest) => request.admin?.id ?? '';

/** The authenticator app: status, setup, enable, disable (open to an enrolment-only session, and to staff). */
const authenticatorRoutes: ModuleRoutes = (app, { ctx, services }) => {
  const admin = ctx.guards.requireAdmin;
  const { twoFactor, accounts } = services;
  const codeTries = triesLimited(ctx.limiter, 'two-factor-code', 10, perAdmin);
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
      preHandler: codeTries,
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
      preHandler: codeTries,
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
      preHandler: triesLimited(ctx.limiter, 'passkey-register', 10, perAdmin),
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
      preHandler: triesLimited(ctx.limiter, 'passkey-login-options', 20, (r) =>
        String((r.body as { username?: unknown } | undefined)?.username ?? '').toLowerCase(),
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
      const target = await accounts.admins.list().then((all) => all.find((a) => a.id === request.params.adminId));
      if (!target) throw notFound('Admin not found');
      await twoFactor.reset(request.admin!, target.id);
      return { message: `Two-factor sign-in of ${target.username} was reset.` };
    },
  );
};

/** `/api/admin/2fa/*` and the owners' reset (docs/rules/two-factor.md). */
export const twoFactorRoutes: ModuleRoutes = async (app, deps) => {
  await authenticatorRoutes(app, deps);
  await passkeyRoutes(app, deps);
};

import {
  ErrorCode,
  mailPreferencesSchema,
  mailPreferencesUpdateSchema,
  mailUnsubscribeQuerySchema,
  mailUnsubscribeResultSchema,
  outboxListSchema,
  outboxMailSchema,
  outboxQuerySchema,
} from '@kujiya/shared';
import type { FastifyRequest } from 'fastify';
import type { ApiScope, ModuleRoutes, RouteDeps } from '../../routes.ts';
import { notFound } from '../../core/http-errors.ts';
import type { OutboxEntry } from './service.ts';
import { errorAnswers } from '../../core/error-answers.ts';

const shape = (entry: OutboxEntry) => ({ ...entry, createdAt: entry.createdAt.toISOString() });

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Whether the client is on this machine, by the socket's own address only: a forwarded address is
 * never believed here. A request that came through a proxy (or says it did) is not a local client,
 * since the proxy on this machine would otherwise make every client look local.
 */
function fromLoopback(request: FastifyRequest): boolean {
  const forwarded = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  return !forwarded && LOOPBACK.test(request.socket.remoteAddress ?? '');
}

/**
 * E-mail preferences and one-click unsubscribe (docs/rules/notifications.md). The unsubscribe token is
 * the whole credential (no login): GET tells what it switches off and changes nothing (mail scanners
 * open links), POST switches it off: the web page's button, or a mail client's RFC 8058 one-click POST
 * whose form body (`List-Unsubscribe=One-Click`) carries nothing else and is not read.
 */
function preferenceRoutes(app: ApiScope, { ctx, services }: RouteDeps) {
  const guard = { onRequest: ctx.guards.requireUser };
  app.get('/mail/preferences', { ...guard, schema: { response: { 200: mailPreferencesSchema } } }, async (request) =>
    services.mail.preferences(request.user!.id),
  );
  app.put(
    '/mail/preferences',
    { ...guard, schema: { body: mailPreferencesUpdateSchema, response: { 200: mailPreferencesSchema } } },
    async (request) => services.mail.updatePreferences(request.user!.id, request.body.preferences),
  );

  const unsubscribe = {
    schema: { querystring: mailUnsubscribeQuerySchema, response: { 200: mailUnsubscribeResultSchema } },
  };
  app.get('/mail/unsubscribe', unsubscribe, async (request) => services.mail.unsubscribeTarget(request.query.token));
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
    done(null, {}),
  );
  app.post('/mail/unsubscribe', unsubscribe, async (request) => services.mail.unsubscribe(request.query.token));
}

/**
 * The dev outbox (docs/rules/security.md, "Production safety"): its mails carry sign-up codes and
 * reset links, so whoever reads it can take over any account. Never registered in production (404);
 * elsewhere served to clients connected directly over loopback only, unless DEV_OUTBOX=1; others
 * (through a proxy too) get the same 404.
 */
export const mailRoutes: ModuleRoutes = (app, deps) => {
  preferenceRoutes(app, deps);
  const { ctx, services } = deps;
  if (ctx.config.devOutbox === 'off') return;
  // Refused (as not found) outside the loopback, and no mail yet.
  const devOnly = errorAnswers({ 404: [ErrorCode.NOT_FOUND] });
  const onRequest = async (request: FastifyRequest) => {
    if (ctx.config.devOutbox === 'loopback' && !fromLoopback(request)) throw notFound('Not Found');
  };

  app.get(
    '/dev/outbox',
    { onRequest, schema: { querystring: outboxQuerySchema, response: { 200: outboxListSchema, ...devOnly } } },
    async (request) => (await services.mail.listOutbox(request.query)).map(shape),
  );

  app.get(
    '/dev/outbox/latest',
    { onRequest, schema: { querystring: outboxQuerySchema, response: { 200: outboxMailSchema, ...devOnly } } },
    async (request) => {
      const [latest] = await services.mail.listOutbox({ to: request.query.to, limit: 1 });
      if (!latest) throw notFound('No mail in the outbox');
      return shape(latest);
    },
  );
};

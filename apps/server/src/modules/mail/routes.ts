import { outboxListSchema, outboxMailSchema, outboxQuerySchema } from '@kujiya/shared';
import type { FastifyRequest } from 'fastify';
import type { ModuleRoutes } from '../../routes.ts';
import { notFound } from '../../core/http-errors.ts';
import type { OutboxEntry } from './service.ts';

const shape = (entry: OutboxEntry) => ({ ...entry, createdAt: entry.createdAt.toISOString() });

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Whether the client is on this machine: the connection and the client address (the forwarded one
 * behind a trusted proxy, which itself may be on this machine) are both loopback.
 */
function fromLoopback(request: FastifyRequest): boolean {
  return LOOPBACK.test(request.socket.remoteAddress ?? '') && LOOPBACK.test(request.ip);
}

/**
 * The dev outbox (docs/rules/security.md, "Production safety"): its mails carry sign-up codes and
 * reset links, so whoever reads it can take over any account. Never registered in production (404);
 * elsewhere served to loopback clients only, unless DEV_OUTBOX=1; others get the same 404.
 */
export const mailRoutes: ModuleRoutes = (app, { ctx, services }) => {
  if (ctx.config.devOutbox === 'off') return;
  const onRequest = async (request: FastifyRequest) => {
    if (ctx.config.devOutbox === 'loopback' && !fromLoopback(request)) throw notFound('Not Found');
  };

  app.get(
    '/dev/outbox',
    { onRequest, schema: { querystring: outboxQuerySchema, response: { 200: outboxListSchema } } },
    async (request) => (await services.mail.listOutbox(request.query)).map(shape),
  );

  app.get(
    '/dev/outbox/latest',
    { onRequest, schema: { querystring: outboxQuerySchema, response: { 200: outboxMailSchema } } },
    async (request) => {
      const [latest] = await services.mail.listOutbox({ to: request.query.to, limit: 1 });
      if (!latest) throw notFound('No mail in the outbox');
      return shape(latest);
    },
  );
};

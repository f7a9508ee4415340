import { outboxListSchema, outboxMailSchema, outboxQuerySchema } from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';
import { notFound } from '../../core/http-errors.ts';
import type { OutboxEntry } from './service.ts';

const shape = (entry: OutboxEntry) => ({ ...entry, createdAt: entry.createdAt.toISOString() });

/** The dev outbox: only registered outside production, so production answers 404. */
export const mailRoutes: ModuleRoutes = (app, { ctx, services }) => {
  if (ctx.config.env === 'production') return;

  app.get('/dev/outbox', { schema: { querystring: outboxQuerySchema, response: { 200: outboxListSchema } } }, async (request) =>
    (await services.mail.listOutbox(request.query)).map(shape),
  );

  app.get('/dev/outbox/latest', { schema: { querystring: outboxQuerySchema, response: { 200: outboxMailSchema } } }, async (request) => {
    const [latest] = await services.mail.listOutbox({ to: request.query.to, limit: 1 });
    if (!latest) throw notFound('No mail in the outbox');
    return shape(latest);
  });
};

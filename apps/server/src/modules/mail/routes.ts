import { z } from 'zod';
import type { ModuleRoutes } from '../../routes.ts';
import { parseInput } from '../../core/validate.ts';
import { notFound } from '../../core/http-errors.ts';
import type { OutboxEntry } from './service.ts';

const outboxQuerySchema = z.object({
  to: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

const shape = (entry: OutboxEntry) => ({ ...entry, createdAt: entry.createdAt.toISOString() });

/** The dev outbox: only registered outside production, so production answers 404. */
export const mailRoutes: ModuleRoutes = (app, { ctx, services }) => {
  if (ctx.config.env === 'production') return;

  app.get('/dev/outbox', async (request) => {
    const query = parseInput(outboxQuerySchema, request.query);
    return (await services.mail.listOutbox(query)).map(shape);
  });

  app.get('/dev/outbox/latest', async (request) => {
    const query = parseInput(outboxQuerySchema, request.query);
    const [latest] = await services.mail.listOutbox({ to: query.to, limit: 1 });
    if (!latest) throw notFound('No mail in the outbox');
    return shape(latest);
  });
};

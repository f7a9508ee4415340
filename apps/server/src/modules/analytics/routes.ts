import { analyticsEventRequestSchema } from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';
import { parseInput } from '../../core/validate.ts';

/**
 * POST /api/analytics/event: the browser reports View Product, Purchase Intent and Buy Out Intent
 * (spec 000 §9). Anonymous visitors count too; a logged-in shopper's events carry their id.
 */
export const analyticsRoutes: ModuleRoutes = (app, { ctx, services }) => {
  app.post('/analytics/event', { preHandler: ctx.guards.optionalUser }, async (request, reply) => {
    const event = parseInput(analyticsEventRequestSchema, request.body ?? {});
    await services.analytics.track(ctx.db, event.name, request.user?.id ?? null, event.properties ?? {});
    return reply.code(202).send({ success: true });
  });
};

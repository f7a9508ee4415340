import { analyticsEventRequestSchema, successResponseSchema } from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';

/**
 * POST /api/analytics/event: the browser reports View Product, Purchase Intent and Buy Out Intent.
 * Anonymous visitors count too; a logged-in shopper's events carry their id.
 */
export const analyticsRoutes: ModuleRoutes = (app, { ctx, services }) => {
  // Purchase outcomes still waiting to be written go out before the database closes.
  app.addHook('onClose', async () => services.analytics.flush());
  app.post(
    '/analytics/event',
    {
      onRequest: ctx.guards.optionalUser,
      schema: { body: analyticsEventRequestSchema, response: { 202: successResponseSchema } },
    },
    async (request, reply) => {
      const event = request.body;
      await services.analytics.track(ctx.db, event.name, request.user?.id ?? null, event.properties ?? {});
      return reply.code(202).send({ success: true });
    },
  );
};

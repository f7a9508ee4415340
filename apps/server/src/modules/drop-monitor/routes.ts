import { dropMonitorSchema, setIdParamsSchema } from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';

/** The owner's drop monitor (docs/rules/drops.md, "Drop monitor"). */
export const dropMonitorRoutes: ModuleRoutes = (app, { ctx, services }) => {
  const { dropMonitor } = services;
  dropMonitor.startFlushing();
  app.addHook('onClose', async () => dropMonitor.close());

  app.get(
    '/admin/drops/:setId',
    {
      onRequest: ctx.guards.requireAdmin,
      schema: { params: setIdParamsSchema, response: { 200: dropMonitorSchema } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return dropMonitor.dropMonitor(request.params.setId);
    },
  );
};

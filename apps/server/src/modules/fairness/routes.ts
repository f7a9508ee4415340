import { fairnessExportSchema, fairnessRoundSchema, setIdParamsSchema } from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';

export const fairnessRoutes: ModuleRoutes = (app, { ctx, services }) => {
  // Public: anyone may check a round. The log grows with every purchase, so never cached.
  app.get(
    '/fairness/:setId',
    { schema: { params: setIdParamsSchema, response: { 200: fairnessRoundSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return services.fairness.publicRound(request.params.setId);
    },
  );

  // Admin: the round's full record (with order ids) as one downloadable JSON file.
  app.get(
    '/admin/fairness/:setId/export',
    {
      onRequest: ctx.guards.requireAdmin,
      schema: { params: setIdParamsSchema, response: { 200: fairnessExportSchema } },
    },
    async (request, reply) => {
      const record = await services.fairness.exportRound(request.params.setId);
      reply.header('Cache-Control', 'no-store');
      reply.header('Content-Disposition', `attachment; filename="fairness-${record.sku}-${record.setId}.json"`);
      return record;
    },
  );
};

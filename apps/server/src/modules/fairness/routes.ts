import { fairnessRoundSchema, setIdParamsSchema } from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';

export const fairnessRoutes: ModuleRoutes = (app, { services }) => {
  // Public: anyone may check a round. The log grows with every purchase, so never cached.
  app.get(
    '/fairness/:setId',
    { schema: { params: setIdParamsSchema, response: { 200: fairnessRoundSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return services.fairness.publicRound(request.params.setId);
    },
  );
};

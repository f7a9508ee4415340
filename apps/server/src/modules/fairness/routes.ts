import { z } from 'zod';
import type { ModuleRoutes } from '../../routes.ts';
import { parseInput } from '../../core/validate.ts';

const fairnessParamsSchema = z.object({ setId: z.uuid('Invalid setId') });

export const fairnessRoutes: ModuleRoutes = (app, { services }) => {
  // Public: anyone may check a round. The log grows with every purchase, so never cached.
  app.get('/fairness/:setId', async (request, reply) => {
    const { setId } = parseInput(fairnessParamsSchema, request.params);
    reply.header('Cache-Control', 'no-store');
    return services.fairness.publicRound(setId);
  });
};

import { livenessSchema, readySchema, unreadySchema } from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';

/** Probes read a fresh answer every time, never a cached one. */
const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * GET /healthz and GET /readyz at the root of the shop's port, for the load balancer and the
 * orchestrator (docs/operations.md, "Health and readiness"). Neither is rate-limited.
 */
export const healthRoutes: ModuleRoutes = (app, { services }) => {
  const { health } = services;

  app.get(
    '/healthz',
    {
      schema: {
        summary: 'Liveness: the process answers (no I/O)',
        response: { 200: livenessSchema },
      },
    },
    async (_request, reply) => reply.headers(NO_STORE).send(health.liveness()),
  );

  app.get(
    '/readyz',
    {
      schema: {
        summary: 'Readiness: the database answers, migrations are applied, the instance is not draining',
        response: { 200: readySchema, 503: unreadySchema },
      },
    },
    async (_request, reply) => {
      const { ready, body } = await health.readiness();
      return reply
        .status(ready ? 200 : 503)
        .headers(NO_STORE)
        .send(body);
    },
  );
};

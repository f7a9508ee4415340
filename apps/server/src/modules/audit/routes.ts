import { auditListSchema, auditQuerySchema } from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';

/** The audit entries beside the record they concern (product, round, shipment, collection). */
export const auditRoutes: ModuleRoutes = (app, { ctx, services }) => {
  app.get(
    '/admin/audit',
    { preValidation: ctx.guards.requireAdmin, schema: { querystring: auditQuerySchema, response: { 200: auditListSchema } } },
    async (request) => ({ entries: await services.audit.list(request.query.entityType, request.query.entityId) }),
  );
};

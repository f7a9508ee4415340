import { auditListSchema, auditLogQuerySchema, auditLogResponseSchema, auditQuerySchema } from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';

/**
 * The audit entries beside the record they concern (product, round, shipment, collection), and the
 * shop-wide log with its filters (owners only: docs/rules/back-office.md).
 */
export const auditRoutes: ModuleRoutes = (app, { ctx, services }) => {
  app.get(
    '/admin/audit',
    {
      onRequest: ctx.guards.requireAdmin,
      schema: { querystring: auditQuerySchema, response: { 200: auditListSchema } },
    },
    async (request) => ({ entries: await services.audit.list(request.query.entityType, request.query.entityId) }),
  );

  app.get(
    '/admin/audit-log',
    {
      onRequest: ctx.guards.requireAdmin,
      schema: { querystring: auditLogQuerySchema, response: { 200: auditLogResponseSchema } },
    },
    async (request) => services.audit.search(request.query),
  );
};

import { dropRoomRecordSchema, dropRoomSettingsSchema, dropRoomStatusSchema, setIdParamsSchema } from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';

/** The drop's waiting room (docs/rules/drops.md, "Waiting room"); `setId` is the catalogue's. */
export const dropsRoutes: ModuleRoutes = (app, { ctx, services }) => {
  const shopper = { onRequest: ctx.guards.requireUser };
  const statusRoute = { ...shopper, schema: { params: setIdParamsSchema, response: { 200: dropRoomStatusSchema } } };

  app.post('/drops/:setId/join', statusRoute, async (request) =>
    services.drops.join(request.user!.id, request.params.setId),
  );

  app.get('/drops/:setId/status', statusRoute, async (request) =>
    services.drops.status(request.user!.id, request.params.setId),
  );

  // Public: anyone may recompute the room's order once the seed is revealed (docs/rules/fairness.md).
  app.get(
    '/drops/:setId/room',
    { schema: { params: setIdParamsSchema, response: { 200: dropRoomRecordSchema } } },
    async (request) => services.drops.record(request.params.setId),
  );

  const admin = { onRequest: ctx.guards.requireAdmin };
  app.get(
    '/admin/drops/:setId/room',
    { ...admin, schema: { params: setIdParamsSchema, response: { 200: dropRoomSettingsSchema } } },
    async (request) => services.drops.settings(request.params.setId),
  );
  app.put(
    '/admin/drops/:setId/room',
    {
      ...admin,
      schema: { params: setIdParamsSchema, body: dropRoomSettingsSchema, response: { 200: dropRoomSettingsSchema } },
    },
    async (request) => services.drops.setSettings(request.params.setId, request.body),
  );
};

import { idParamsSchema, notificationListSchema, notificationSchema, successResponseSchema } from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';

export const notificationsRoutes: ModuleRoutes = (app, { ctx, services }) => {
  const guard = { onRequest: ctx.guards.requireUser };
  const oneNotification = { ...guard, schema: { params: idParamsSchema, response: { 200: notificationSchema } } };

  app.get('/notification', { ...guard, schema: { response: { 200: notificationListSchema } } }, async (request) =>
    services.notifications.list(request.user!.id),
  );

  app.patch('/notification/:id/remove', oneNotification, async (request) =>
    services.notifications.remove(request.user!.id, request.params.id),
  );

  app.patch('/notification/:id/read', oneNotification, async (request) =>
    services.notifications.markRead(request.user!.id, request.params.id),
  );

  app.patch(
    '/notification/read-all',
    { ...guard, schema: { response: { 200: successResponseSchema } } },
    async (request) => {
      await services.notifications.markAllRead(request.user!.id);
      return { success: true as const };
    },
  );
};

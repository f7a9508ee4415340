import { z } from 'zod';
import type { ModuleRoutes } from '../../routes.ts';
import { notFound } from '../../core/http-errors.ts';

const idSchema = z.uuid();

export const notificationsRoutes: ModuleRoutes = (app, { ctx, services }) => {
  const guard = { preHandler: ctx.guards.requireUser };
  const checkId = (id: string, message: string) => {
    if (!idSchema.safeParse(id).success) throw notFound(message);
    return id;
  };

  app.get('/notification', guard, async (request) => services.notifications.list(request.user!.id));

  app.patch<{ Params: { id: string } }>('/notification/:id/remove', guard, async (request) =>
    services.notifications.remove(request.user!.id, checkId(request.params.id, 'Failed to remove notification')),
  );

  app.patch<{ Params: { id: string } }>('/notification/:id/read', guard, async (request) =>
    services.notifications.markRead(request.user!.id, checkId(request.params.id, 'Notification not found')),
  );

  app.patch('/notification/read-all', guard, async (request) => {
    await services.notifications.markAllRead(request.user!.id);
    return { success: true };
  });
};

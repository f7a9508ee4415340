import { dropAlertStateSchema, setIdParamsSchema } from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';

/** "Notify me" of a set's opening (docs/rules/drops.md, "Notify me"); every call needs a login. */
export const dropAlertsRoutes: ModuleRoutes = (app, { ctx, services }) => {
  const setRoute = {
    onRequest: ctx.guards.requireUser,
    schema: { params: setIdParamsSchema, response: { 200: dropAlertStateSchema } },
  };

  app.get('/drops/:setId/notify', setRoute, async (request) => ({
    notify: await services.dropAlerts.isNotifying(request.user!.id, request.params.setId),
  }));

  app.post('/drops/:setId/notify', setRoute, async (request) => {
    await services.dropAlerts.notify(request.user!.id, request.params.setId);
    return { notify: true };
  });

  app.delete('/drops/:setId/notify', setRoute, async (request) => {
    await services.dropAlerts.stopNotifying(request.user!.id, request.params.setId);
    return { notify: false };
  });
};

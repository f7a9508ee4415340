import type { ModuleRoutes } from '../../routes.ts';

/** Favourites of spec 000 §7; every call needs a login (403 'Please login first.'). */
export const favouritesRoutes: ModuleRoutes = (app, { ctx, services }) => {
  const guard = { preHandler: ctx.guards.requireUser };
  type SetParams = { Params: { setId: string } };

  app.get('/users/favorites', guard, async (request) => ({ productIds: await services.favourites.productIds(request.user!.id) }));

  app.get<SetParams>('/users/favorites/check/:setId', guard, async (request) => ({
    isFavorite: await services.favourites.isFavorite(request.user!.id, request.params.setId),
  }));

  app.post<SetParams>('/users/favorites/:setId', guard, async (request) => {
    await services.favourites.add(request.user!.id, request.params.setId);
    return { isFavorite: true };
  });

  app.delete<SetParams>('/users/favorites/:setId', guard, async (request) => {
    await services.favourites.remove(request.user!.id, request.params.setId);
    return { isFavorite: false };
  });
};

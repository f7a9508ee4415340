import { favoriteProductIdsSchema, favoriteStateSchema, setIdParamsSchema } from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';

/** Favourites; every call needs a login (403 'Please login first.'). */
export const favouritesRoutes: ModuleRoutes = (app, { ctx, services }) => {
  const guard = { onRequest: ctx.guards.requireUser };
  const setRoute = { ...guard, schema: { params: setIdParamsSchema, response: { 200: favoriteStateSchema } } };

  app.get(
    '/users/favorites',
    { ...guard, schema: { response: { 200: favoriteProductIdsSchema } } },
    async (request) => ({
      productIds: await services.favourites.productIds(request.user!.id),
    }),
  );

  app.get('/users/favorites/check/:setId', setRoute, async (request) => ({
    isFavorite: await services.favourites.isFavorite(request.user!.id, request.params.setId),
  }));

  app.post('/users/favorites/:setId', setRoute, async (request) => {
    await services.favourites.add(request.user!.id, request.params.setId);
    return { isFavorite: true };
  });

  app.delete('/users/favorites/:setId', setRoute, async (request) => {
    await services.favourites.remove(request.user!.id, request.params.setId);
    return { isFavorite: false };
  });
};

import { z } from 'zod';
import type { ModuleRoutes } from '../../routes.ts';
import { badRequest } from '../../core/http-errors.ts';

const uuidSchema = z.uuid();
function uuidParam(value: string, name: string): string {
  if (!uuidSchema.safeParse(value).success) throw badRequest(`Invalid ${name}`);
  return value.toLowerCase();
}

export const catalogueRoutes: ModuleRoutes = (app, { services }) => {
  // The listing changes with every purchase: never cached.
  app.get('/ichiban-kuji-products', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return services.catalogue.listProducts();
  });

  app.get<{ Params: { setId: string; productId: string } }>('/prizes/:setId/:productId', async (request, reply) => {
    const setId = uuidParam(request.params.setId, 'setId');
    const productId = uuidParam(request.params.productId, 'productId');
    reply.header('Cache-Control', 'no-store');
    return services.catalogue.listPrizes(setId, productId);
  });
};

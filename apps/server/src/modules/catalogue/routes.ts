import { z } from 'zod';
import type { ModuleRoutes } from '../../routes.ts';
import { badRequest } from '../../core/http-errors.ts';

const uuidSchema = z.uuid();
function uuidParam(value: string, name: string): string {
  if (!uuidSchema.safeParse(value).success) throw badRequest(`Invalid ${name}`);
  return value.toLowerCase();
}

export const catalogueRoutes: ModuleRoutes = (app, { services }) => {
  // Served from the per-instance cache as already-serialized bytes (docs/rules/catalogue.md). The
  // listing changes with every purchase, so browsers keep it only to revalidate: a matching ETag is a 304.
  app.get('/ichiban-kuji-products', async (request, reply) => {
    const { body, etag } = await services.catalogue.listingBody();
    reply.header('Cache-Control', 'no-cache').header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
  app.addHook('onClose', async () => services.catalogue.closeListing());

  app.get<{ Params: { setId: string; productId: string } }>('/prizes/:setId/:productId', async (request, reply) => {
    const setId = uuidParam(request.params.setId, 'setId');
    const productId = uuidParam(request.params.productId, 'productId');
    reply.header('Cache-Control', 'no-store');
    return services.catalogue.listPrizes(setId, productId);
  });
};

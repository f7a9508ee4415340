import { prizeListSchema, productListingSchema, setAndProductIdParamsSchema } from '@kujiya/shared';
import type { FastifyReply } from 'fastify';
import type { ModuleRoutes } from '../../routes.ts';

export const catalogueRoutes: ModuleRoutes = (app, { services }) => {
  // The biggest and most requested answer: served from the per-instance cache as already-serialized
  // bytes (docs/rules/catalogue.md; the cache checks them against the schema outside production). It
  // changes with every purchase, so browsers keep it only to revalidate: a matching ETag is a 304.
  app.get('/ichiban-kuji-products', { schema: { response: { 200: productListingSchema } } }, async (request, typedReply) => {
    const { body, etag } = await services.catalogue.listingBody();
    // The schema documents the answer; the bytes are already made, so they go out untyped.
    const reply = typedReply as unknown as FastifyReply;
    reply.header('Cache-Control', 'no-cache').header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    // A string with a JSON content type is sent as is: no second serialization.
    return reply.type('application/json; charset=utf-8').send(body);
  });
  app.addHook('onClose', async () => services.catalogue.closeListing());

  app.get(
    '/prizes/:setId/:productId',
    { schema: { params: setAndProductIdParamsSchema, response: { 200: prizeListSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return services.catalogue.listPrizes(request.params.setId.toLowerCase(), request.params.productId.toLowerCase());
    },
  );
};

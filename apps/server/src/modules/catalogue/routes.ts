import { prizeListSchema, productListingSchema, setAndProductIdParamsSchema } from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';
import { fastSerializerCompiler } from '../../core/serializers.ts';

export const catalogueRoutes: ModuleRoutes = (app, { ctx, services }) => {
  // The listing changes with every purchase: never cached. It is the biggest and most requested
  // answer, so it is written by the fast serializer (checked against its schema outside production).
  app.get(
    '/ichiban-kuji-products',
    {
      schema: { response: { 200: productListingSchema } },
      serializerCompiler: fastSerializerCompiler(ctx.config.env !== 'production'),
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return services.catalogue.listProducts();
    },
  );

  app.get(
    '/prizes/:setId/:productId',
    { schema: { params: setAndProductIdParamsSchema, response: { 200: prizeListSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return services.catalogue.listPrizes(request.params.setId.toLowerCase(), request.params.productId.toLowerCase());
    },
  );
};

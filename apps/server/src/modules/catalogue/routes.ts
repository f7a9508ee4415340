import { prizeListSchema, productListingSchema, setAndProductIdParamsSchema } from '@kujiya/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ListingBody } from './listing-cache.ts';
import type { ModuleRoutes } from '../../routes.ts';

/** The listing's bytes, in the encoding asked for, or 304 when the client already has them. */
function sendListing(request: FastifyRequest, reply: FastifyReply, listing: ListingBody): void {
  // Compressed once per body, not per request; each encoding has its own strong ETag.
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  const etag = encoding ? `${listing.etag.slice(0, -1)}-${encoding}"` : listing.etag;
  reply.header('Cache-Control', 'no-cache').header('ETag', etag).header('Vary', 'Accept-Encoding');
  if (request.headers['if-none-match'] === etag) {
    reply.code(304).send();
    return;
  }
  reply.type('application/json; charset=utf-8');
  if (encoding) reply.header('Content-Encoding', encoding).send(listing.encoded(encoding));
  // Bytes with a JSON content type go out as they are: no serialization, no encoding per request.
  else reply.send(listing.bytes);
}

export const catalogueRoutes: ModuleRoutes = (app, { ctx, services }) => {
  // The biggest and most requested answer: served from the per-instance cache as already-serialized
  // bytes (docs/rules/catalogue.md; the cache checks them against the schema outside production). It
  // changes with every purchase, so browsers keep it only to revalidate: a matching ETag is a 304.
  // It sends its own compressed copies, so the global compression hook (`compress`) is off here.
  app.get(
    '/ichiban-kuji-products',
    { compress: false, schema: { response: { 200: productListingSchema } } },
    (request, typedReply) => {
      // The schema documents the answer; the bytes are already made, so they go out untyped.
      const reply = typedReply as unknown as FastifyReply;
      // A fresh cached body is answered at once, without a promise; else once it is built.
      const listing = services.catalogue.freshListingBody();
      if (listing) return sendListing(request, reply, listing);
      return services.catalogue.listingBody().then((built) => sendListing(request, reply, built));
    },
  );
  app.addHook('onClose', async () => services.catalogue.closeListing());

  app.get(
    '/prizes/:setId/:productId',
    { schema: { params: setAndProductIdParamsSchema, response: { 200: prizeListSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return services.catalogue.listPrizes(
        ctx.db,
        request.params.setId.toLowerCase(),
        request.params.productId.toLowerCase(),
      );
    },
  );
};

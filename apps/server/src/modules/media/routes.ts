import { imageParamsSchema, imageResponseSchema, notModifiedSchema } from '@kujiya/shared';
import type { ModuleRoutes } from '../../routes.ts';
import { notFound } from '../../core/http-errors.ts';

// SVGs may come from admins' uploads: served on their own they may not run script or load anything.
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

export const mediaRoutes: ModuleRoutes = (app, { services }) => {
  // The answer is the image's bytes (a Buffer is sent as is, never serialized).
  app.get(
    '/images/:image',
    {
      schema: {
        params: imageParamsSchema,
        produces: ['image/svg+xml', 'image/png', 'image/jpeg', 'image/webp'],
        response: { 200: imageResponseSchema, 304: notModifiedSchema },
      },
    },
    async (request, reply) => {
      const { image } = request.params;
      const stored = await services.media.getImage(image);
      if (!stored) throw notFound('Image not found');
      // The name is the content hash, so it doubles as a strong validator.
      const etag = `"${image.split('.')[0]}"`;
      reply
        .header('Content-Type', stored.contentType)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('ETag', etag)
        .header('X-Content-Type-Options', 'nosniff');
      if (stored.contentType === 'image/svg+xml') reply.header('Content-Security-Policy', SVG_CSP);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      return reply.send(stored.bytes);
    },
  );
};

import type { ModuleRoutes } from '../../routes.ts';
import { badRequest, notFound } from '../../core/http-errors.ts';
import { isImageName } from './service.ts';

// SVGs may come from admins' uploads: served on their own they may not run script or load anything.
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

export const mediaRoutes: ModuleRoutes = (app, { services }) => {
  app.get<{ Params: { image: string } }>('/images/:image', async (request, reply) => {
    const { image } = request.params;
    if (!isImageName(image)) throw badRequest('Invalid image name');
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
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.send(stored.bytes);
  });
};

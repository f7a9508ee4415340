import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ErrorCode, isServerOnlyPath } from '@kujiya/shared';
import { errorBody } from './http-errors.ts';
import { createWebIndex } from './web-index.ts';

/**
 * The installed app's files (docs/rules/offline.md): when the build lacks one, its request is a 404,
 * never the SPA's page: a service worker script or manifest answered with HTML breaks the install.
 */
const APP_FILES = /^\/(sw\.js|manifest\.webmanifest)(\?|$)/;

/**
 * Paths that are never the web app's page: the API, the live socket and the operator's endpoints (a
 * load balancer or a scraper must see a JSON 404, not the SPA's 200; docs/operations.md), and the
 * installed app's files.
 */
const isWebAppPath = (url: string) => !isServerOnlyPath(url) && !APP_FILES.test(url);

/**
 * Serves the built web app when its folder exists: hashed assets cached for a year, index.html always
 * revalidated, and every other GET outside /api and /ws answered with the SPA's page (with the hints
 * of its route, core/web-index.ts). Without a build, unknown paths are a JSON 404.
 */
export async function serveWebApp(
  app: FastifyInstance,
  webDist: string | false,
  listingBody: () => Promise<{ body: string }>,
) {
  if (!webDist || !fs.existsSync(path.join(webDist, 'index.html'))) {
    app.setNotFoundHandler((_request, reply) =>
      reply.status(404).send(errorBody(404, 'Not found', ErrorCode.NOT_FOUND)),
    );
    return;
  }
  const webIndex = createWebIndex({ webDist, listingBody });
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    // `/` is answered below, with the hints of its route (core/web-index.ts).
    index: false,
    cacheControl: false,
    // The build writes .br and .gz next to every text asset (apps/web/vite.config.ts).
    preCompressed: true,
    // Built assets carry a content hash in their names; index.html must always be revalidated, and so
    // must the service worker and the manifest, or a deploy would not reach an installed app
    // (docs/rules/offline.md).
    setHeaders: (reply: { header(name: string, value: string): unknown }, filePath: string) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' || !isWebAppPath(request.url)) {
      return reply.status(404).send(errorBody(404, 'Not found', ErrorCode.NOT_FOUND));
    }
    reply.header('Cache-Control', 'no-cache');
    const html = await webIndex.htmlFor(request.url.split('?')[0]!);
    if (html === null) return reply.sendFile('index.html');
    reply.type('text/html; charset=utf-8').header('Vary', 'Accept-Encoding');
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    return encoding
      ? reply.header('Content-Encoding', encoding).send(webIndex.encoded(html, encoding))
      : reply.send(html);
  });
}

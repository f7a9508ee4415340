import fs from 'node:fs';
import path from 'node:path';
import { compressBody } from './compress-body.ts';
import { escapeAttribute, prerenderedStyles, readPrerendered, withPrerenderedPage } from './prerendered-pages.ts';

/** What the web build writes in route-hints.json (apps/web/vite.config.ts): per route, the page's chunks and styles. */
type RouteHints = Record<string, { scripts: string[]; styles: string[]; images?: string[] }>;

/** The path the catalogue artwork is served from, as the web app's `imageUrl` builds it. */
export function listingImageUrl(image: string): string {
  if (image.startsWith('/') || /^https?:\/\//.test(image)) return image;
  return `/api/images/${encodeURIComponent(image)}`;
}

interface ListedProduct {
  image?: unknown;
  preorder?: unknown;
}

/**
 * The artwork of the card the list page shows first: the list opens on its 'New' tab with every
 * anime, and its first row is Preorder when it has any product, else Instock (ProductListPage).
 */
export function firstListingImage(body: string): string | undefined {
  const listing = JSON.parse(body) as { newProducts?: ListedProduct[] };
  const products = Array.isArray(listing.newProducts) ? listing.newProducts : [];
  const first =
    products.find((product) => product.preorder === true) ?? products.find((product) => product.preorder !== true);
  return typeof first?.image === 'string' && first.image !== '' ? listingImageUrl(first.image) : undefined;
}

/** One route's hints as `<link>`s: its chunks as modulepreloads, stylesheets and images as preloads. */
function hintLinks(hints: RouteHints[string]): string {
  return [
    ...hints.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`),
    ...hints.styles.map((href) => `<link rel="preload" as="style" crossorigin href="${escapeAttribute(href)}">`),
    ...imageLinks(hints.images ?? []),
  ].join('');
}

const imageLinks = (images: string[]) =>
  images.map((href) => `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(href)}">`);

/** The entry of `byRoute` for `route`: its own, else a `/prefix/*` route's (a page with a parameter, e.g. `/fairness/*`) that it is under. */
function routeEntry<T>(byRoute: Map<string, T>, route: string): T | undefined {
  const own = byRoute.get(route);
  if (own !== undefined) return own;
  for (const [key, value] of byRoute)
    if (key.endsWith('/*') && route.startsWith(key.slice(0, -1)) && route.length > key.length - 1) return value;
  return undefined;
}

/**
 * What one web build gives the documents: index.html, each route's hints as markup, and the
 * prerendered pages with the chunks their paint-first.js starts after the first paint.
 */
function readBuild(webDist: string) {
  const hintsFile = path.join(webDist, 'route-hints.json');
  const routeHints: RouteHints = fs.existsSync(hintsFile)
    ? (JSON.parse(fs.readFileSync(hintsFile, 'utf8')) as RouteHints)
    : {};
  const prerendered = readPrerendered(path.join(webDist, 'prerendered.json'));
  const staticHints = new Map<string, string>();
  const prerenderedChunks = new Map<string, string[]>();
  for (const [route, hints] of Object.entries(routeHints)) {
    if (!prerendered.has(route)) {
      staticHints.set(route, hintLinks(hints));
      continue;
    }
    staticHints.set(route, prerenderedStyles(hints.styles) + imageLinks(hints.images ?? []).join(''));
    prerenderedChunks.set(route, hints.scripts);
  }
  return {
    html: fs.readFileSync(path.join(webDist, 'index.html'), 'utf8'),
    staticHints,
    prerendered,
    prerenderedChunks,
  };
}

export const LISTING_PATH = '/ichiban-kuji-products';
export const LISTING_API_PATH = '/api/ichiban-kuji-products';

/**
 * index.html with per-route hints in its head (docs/performance.md). On `/` and the list page: the
 * page's chunks as modulepreloads and its stylesheets as preloads (both `crossorigin`, as Vite's loader requests them), so they load while the entry
 * does. On the list page also the listing's request (as the app's loader makes it: a same-origin
 * GET, hence `crossorigin`, so the app takes the preloaded answer) and the first card's artwork,
 * both found in the first document instead of after the scripts ran. The other pages the web build
 * names (a `/prefix/*` key for a page with a parameter) get their own chunks; every other path gets
 * the hints listed under `*`: the frame and the route table of the pages other than home.
 */
export function createWebIndex(opts: { webDist: string; listingBody: () => Promise<{ body: string }> }) {
  const indexFile = path.join(opts.webDist, 'index.html');
  let build = readBuild(opts.webDist);
  let builtAt = fs.statSync(indexFile).mtimeMs;
  // Read again when a new build replaced the files (index.html names that build's entry).
  function load() {
    const mtime = fs.statSync(indexFile).mtimeMs;
    if (mtime === builtAt) return;
    build = readBuild(opts.webDist);
    builtAt = mtime;
  }
  // The listing's body changes with every purchase; its first image rarely: parse once per body.
  let lastBody: string | null = null;
  let lastImage: string | undefined;

  async function listingHints(): Promise<string> {
    const links = [`<link rel="preload" as="fetch" href="${LISTING_API_PATH}" crossorigin>`];
    try {
      const { body } = await opts.listingBody();
      if (body !== lastBody) {
        lastImage = firstListingImage(body);
        lastBody = body;
      }
      if (lastImage) links.push(...imageLinks([lastImage]));
    } catch {
      // The page still works without the image hint; the listing's own request reports the failure.
    }
    return links.join('');
  }

  /** The document for a request path (without its query); `null` when it is index.html as built. */
  async function htmlFor(pathname: string): Promise<string | null> {
    load();
    const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const { html, staticHints, prerendered, prerenderedChunks } = build;
    const pageHints = routeEntry(staticHints, route) ?? staticHints.get('*') ?? '';
    const dataHints = route === LISTING_PATH ? await listingHints() : '';
    // Only a page whose stylesheets the build named is sent prerendered: without them it would paint unstyled.
    const chunks = routeEntry(prerenderedChunks, route);
    const page = chunks && routeEntry(prerendered, route);
    if (!pageHints && !dataHints && !page) return null;
    // Data first: the listing and its artwork are what the list page's first screen waits for.
    const document = html.replace('</head>', `${dataHints}${pageHints}</head>`);
    return page ? withPrerenderedPage(document, page, chunks) : document;
  }

  // Few distinct documents exist (a few dozen routes, one listing image at a time): each is compressed once.
  const encodedCache = new Map<string, Buffer>();
  function encoded(document: string, encoding: 'br' | 'gzip'): Buffer {
    const key = `${encoding}:${document}`;
    let bytes = encodedCache.get(key);
    if (!bytes) {
      bytes = compressBody(document, encoding, 'max');
      if (encodedCache.size >= 64) encodedCache.delete(encodedCache.keys().next().value!);
      encodedCache.set(key, bytes);
    }
    return bytes;
  }

  return { htmlFor, encoded };
}

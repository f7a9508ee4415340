import fs from 'node:fs';
import path from 'node:path';
import { compressBody } from './compress-body.ts';

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

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** One route's hints as `<link>`s: its chunks as modulepreloads, stylesheets and images as preloads. */
function hintLinks(hints: RouteHints[string]): string {
  return [
    ...hints.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`),
    ...hints.styles.map((href) => `<link rel="preload" as="style" crossorigin href="${escapeAttribute(href)}">`),
    ...(hints.images ?? []).map(
      (href) => `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(href)}">`,
    ),
  ].join('');
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
  const hintsFile = path.join(opts.webDist, 'route-hints.json');
  let html = '';
  let builtAt = -1;
  const staticHints = new Map<string, string>();
  // Read again when a new build replaced the files (index.html names that build's entry).
  function load() {
    const mtime = fs.statSync(indexFile).mtimeMs;
    if (mtime === builtAt) return;
    html = fs.readFileSync(indexFile, 'utf8');
    const routeHints: RouteHints = fs.existsSync(hintsFile)
      ? (JSON.parse(fs.readFileSync(hintsFile, 'utf8')) as RouteHints)
      : {};
    staticHints.clear();
    for (const [route, hints] of Object.entries(routeHints)) {
      staticHints.set(route, hintLinks(hints));
    }
    builtAt = mtime;
  }
  load();
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
      if (lastImage)
        links.push(`<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(lastImage)}">`);
    } catch {
      // The page still works without the image hint; the listing's own request reports the failure.
    }
    return links.join('');
  }

  /** The hints of a `/prefix/*` route (a page with a parameter, e.g. `/fairness/*`) that `route` is under. */
  function prefixHints(route: string): string | undefined {
    for (const [key, links] of staticHints)
      if (key.endsWith('/*') && route.startsWith(key.slice(0, -1)) && route.length > key.length - 1) return links;
    return undefined;
  }

  /** The document for a request path (without its query); `null` when it is index.html as built. */
  async function htmlFor(pathname: string): Promise<string | null> {
    load();
    const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const pageHints = staticHints.get(route) ?? prefixHints(route) ?? staticHints.get('*') ?? '';
    const dataHints = route === LISTING_PATH ? await listingHints() : '';
    if (!pageHints && !dataHints) return null;
    // Data first: the listing and its artwork are what the list page's first screen waits for.
    return html.replace('</head>', `${dataHints}${pageHints}</head>`);
  }

  // Few distinct documents exist (three kinds of route, one listing image at a time): each is compressed once.
  const encodedCache = new Map<string, Buffer>();
  function encoded(document: string, encoding: 'br' | 'gzip'): Buffer {
    const key = `${encoding}:${document}`;
    let bytes = encodedCache.get(key);
    if (!bytes) {
      bytes = compressBody(document, encoding, 'max');
      if (encodedCache.size >= 16) encodedCache.delete(encodedCache.keys().next().value!);
      encodedCache.set(key, bytes);
    }
    return bytes;
  }

  return { htmlFor, encoded };
}

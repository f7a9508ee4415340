import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createTestProduct } from '../modules/catalogue/test-helpers.ts';
import { createWebIndex, firstListingImage } from './web-index.ts';

const INDEX_HTML =
  '<!doctype html><html><head><title>Kujiya</title><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';
const ROUTE_HINTS = {
  '/': { scripts: ['/assets/HomePage-1.js', '/assets/Footer-2.js'], styles: ['/assets/HomePage-3.css'] },
  '/ichiban-kuji-products': { scripts: ['/assets/ProductListRoute-4.js'], styles: ['/assets/ProductListRoute-5.css'] },
};

function fakeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(dir, 'route-hints.json'), JSON.stringify(ROUTE_HINTS));
  return dir;
}

const product = (image: string, preorder: boolean) => ({ image, preorder });
const listingOf = (newProducts: unknown[]) =>
  JSON.stringify({ newProducts, promotions: [], chance: [], all: newProducts });
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

describe('firstListingImage: the artwork of the card the list page shows first', () => {
  it('is the first preorder product of the New tab when there is one, as its first row is Preorder', () => {
    expect(firstListingImage(listingOf([product('a.svg', false), product('b.svg', true)]))).toBe('/api/images/b.svg');
  });
  it('is the first product otherwise (the Instock row comes first)', () => {
    expect(firstListingImage(listingOf([product('a.svg', false), product('c.svg', false)]))).toBe('/api/images/a.svg');
  });
  it('is built as the web app builds image URLs, and is absent for an empty New tab', () => {
    expect(firstListingImage(listingOf([product('/x/y.png', true)]))).toBe('/x/y.png');
    expect(firstListingImage(listingOf([product('a b.svg', true)]))).toBe('/api/images/a%20b.svg');
    expect(firstListingImage(listingOf([]))).toBeUndefined();
  });
});

describe('createWebIndex', () => {
  it('names the list page chunk, the listing request and its first artwork on the list route only', async () => {
    const web = createWebIndex({
      webDist: fakeDist(),
      listingBody: async () => ({ body: listingOf([product('first.svg', true)]) }),
    });
    const list = headOf((await web.htmlFor('/ichiban-kuji-products'))!);
    expect(list).toContain('<link rel="preload" as="fetch" href="/api/ichiban-kuji-products" crossorigin>');
    expect(list).toContain('<link rel="preload" as="image" fetchpriority="high" href="/api/images/first.svg">');
    expect(list).toContain('<link rel="modulepreload" crossorigin href="/assets/ProductListRoute-4.js">');
    expect(list).toContain('<link rel="preload" as="style" crossorigin href="/assets/ProductListRoute-5.css">');
    expect(list).not.toContain('HomePage');

    const home = headOf((await web.htmlFor('/'))!);
    expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/HomePage-1.js">');
    expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/Footer-2.js">');
    expect(home).not.toContain('/api/');
    expect(home).not.toContain('ProductListRoute');

    expect(await web.htmlFor('/faq')).toBeNull();
    expect(await web.htmlFor('/ichiban-kuji-products/abc')).toBeNull();
  });

  it('gives every other document the hints listed under `*`, and `/` and the list route their own', async () => {
    const dist = fakeDist();
    const withDefault = {
      ...ROUTE_HINTS,
      '*': { scripts: ['/assets/frame-6.js', '/assets/site-routes-7.js'], styles: ['/assets/frame-8.css'] },
    };
    fs.writeFileSync(path.join(dist, 'route-hints.json'), JSON.stringify(withDefault));
    const web = createWebIndex({ webDist: dist, listingBody: async () => ({ body: listingOf([]) }) });
    for (const page of ['/faq', '/orders/', '/ichiban-kuji-products/abc', '/no-such-page']) {
      const head = headOf((await web.htmlFor(page))!);
      expect(head).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/frame-6.js"><link rel="modulepreload" crossorigin href="/assets/site-routes-7.js">',
      );
      expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/frame-8.css">');
      expect(head).not.toContain('HomePage');
      expect(head).not.toContain('/api/');
    }
    expect(headOf((await web.htmlFor('/'))!)).not.toContain('site-routes');
    expect(headOf((await web.htmlFor('/ichiban-kuji-products'))!)).not.toContain('site-routes');
  });

  it('gives a page named in the build its own hints, and a `/prefix/*` page every address under the prefix', async () => {
    const dist = fakeDist();
    const hints = {
      ...ROUTE_HINTS,
      '*': { scripts: ['/assets/frame-6.js', '/assets/site-routes-7.js'], styles: [] },
      '/faq': { scripts: ['/assets/site-routes-7.js', '/assets/FaqPage-9.js'], styles: [] },
      '/fairness/*': { scripts: ['/assets/site-routes-7.js', '/assets/FairnessPage-10.js'], styles: [] },
      '/about-us': { scripts: [], styles: [], images: ['/art/about.svg'] },
    };
    fs.writeFileSync(path.join(dist, 'route-hints.json'), JSON.stringify(hints));
    const web = createWebIndex({ webDist: dist, listingBody: async () => ({ body: listingOf([]) }) });
    expect(headOf((await web.htmlFor('/faq/'))!)).toContain('href="/assets/FaqPage-9.js"');
    expect(headOf((await web.htmlFor('/fairness/set-1'))!)).toContain('href="/assets/FairnessPage-10.js"');
    expect(headOf((await web.htmlFor('/about-us'))!)).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/art/about.svg">',
    );
    // The prefix alone is no fairness page: the default hints.
    for (const page of ['/fairness', '/fairness/', '/fairnessx', '/contact-us']) {
      const head = headOf((await web.htmlFor(page))!);
      expect(head).toContain('href="/assets/frame-6.js"');
      expect(head).not.toContain('FairnessPage');
      expect(head).not.toContain('FaqPage');
    }
  });

  it('sends a prerendered page with its markup, title and stylesheets, its scripts started by paint-first.js', async () => {
    const dist = fakeDist();
    const hints = {
      ...ROUTE_HINTS,
      '*': { scripts: ['/assets/frame-6.js', '/assets/site-routes-7.js'], styles: ['/assets/frame-8.css'] },
      '/fairness/*': { scripts: ['/assets/FairnessPage-10.js'], styles: [] },
      '/faq': {
        scripts: ['/assets/frame-6.js', '/assets/FaqPage-9.js'],
        styles: ['/assets/frame-8.css', '/assets/InfoLayout-11.css'],
      },
    };
    fs.writeFileSync(path.join(dist, 'route-hints.json'), JSON.stringify(hints));
    const pages = {
      '/faq': { html: '<main><h1>FAQ</h1><p>$& stays as written</p></main>', title: 'FAQ & more · Kujiya' },
      '/fairness/*': { html: '<main><div class="spinner"></div></main>', title: 'Fairness check · Kujiya' },
      // Named by the build but without hints of its own: its stylesheets are unknown, so it is sent as built.
      '/privacy': { html: '<main><h1>Privacy</h1></main>', title: 'Privacy · Kujiya' },
    };
    fs.writeFileSync(path.join(dist, 'prerendered.json'), JSON.stringify(pages));
    const web = createWebIndex({ webDist: dist, listingBody: async () => ({ body: listingOf([]) }) });

    const faq = (await web.htmlFor('/faq/'))!;
    expect(faq).toContain(
      '<div id="root" inert aria-disabled="true"><main><h1>FAQ</h1><p>$& stays as written</p></main></div>',
    );
    expect(faq).toContain('<title>FAQ &amp; more · Kujiya</title>');
    expect(headOf(faq)).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/frame-8.css"><link rel="stylesheet" crossorigin href="/assets/InfoLayout-11.css">',
    );
    expect(faq).toContain(
      '<script type="module" src="/paint-first.js" data-entry="/assets/index-abc.js" data-chunks="/assets/frame-6.js /assets/FaqPage-9.js"></script>',
    );
    // Nothing else loads a script before the first paint: no entry tag, no modulepreload.
    expect(faq).not.toContain('<script type="module" crossorigin');
    expect(faq).not.toContain('modulepreload');

    const fairness = (await web.htmlFor('/fairness/set-1'))!;
    expect(fairness).toContain(
      '<div id="root" inert aria-disabled="true"><main><div class="spinner"></div></main></div>',
    );
    expect(fairness).toContain('data-chunks="/assets/FairnessPage-10.js"');
    expect((await web.htmlFor('/fairness/'))!).toContain('<div id="root"></div>');

    const privacy = (await web.htmlFor('/privacy'))!;
    expect(privacy).toContain('<div id="root"></div>');
    expect(privacy).toContain('<link rel="modulepreload" crossorigin href="/assets/site-routes-7.js">');
    expect((await web.htmlFor('/contact-us'))!).toContain('<div id="root"></div>');
  });

  it('still hints the listing request when the listing cannot be read', async () => {
    const web = createWebIndex({
      webDist: fakeDist(),
      listingBody: async () => {
        throw new Error('database down');
      },
    });
    const list = (await web.htmlFor('/ichiban-kuji-products'))!;
    expect(list).toContain('as="fetch" href="/api/ichiban-kuji-products"');
    expect(list).not.toContain('as="image"');
  });

  it('follows a new build of index.html', async () => {
    const dist = fakeDist();
    const web = createWebIndex({ webDist: dist, listingBody: async () => ({ body: listingOf([]) }) });
    expect(await web.htmlFor('/')).toContain('index-abc.js');
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML.replace('index-abc.js', 'index-def.js'));
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(path.join(dist, 'index.html'), later, later);
    expect(await web.htmlFor('/')).toContain('index-def.js');
  });
});

describe('the shop serving index.html', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDist: fakeDist() });
  });
  afterAll(async () => t.close());

  it('answers the list route with the current first artwork, revalidated on every visit', async () => {
    const created = await createTestProduct(t, {
      name: 'Hinted',
      preorder: true,
      arrival: 'Estimated arrival: March 2027',
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/ichiban-kuji-products',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toContain('text/html');
    const listing = JSON.parse((await t.services.catalogue.listingBody()).body) as {
      newProducts: { productId: string; image: string }[];
    };
    const image = listing.newProducts.find((p) => p.productId === created.productId)!.image;
    expect(res.body).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="/api/images/${encodeURIComponent(image)}">`,
    );
    expect(res.body).toContain('<link rel="preload" as="fetch" href="/api/ichiban-kuji-products" crossorigin>');
  });

  it('sends the hinted document compressed when asked, and other pages as built', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-encoding']).toBe('br');
    expect(home.headers['cache-control']).toBe('no-cache');
    const html = zlib.brotliDecompressSync(home.rawPayload).toString('utf8');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/HomePage-1.js">');
    expect(html).not.toContain('as="fetch"');

    const faq = await t.app.inject({ method: 'GET', url: '/faq', headers: { 'accept-encoding': 'identity' } });
    expect(faq.statusCode).toBe(200);
    expect(faq.headers['cache-control']).toBe('no-cache');
    expect(faq.body).toBe(INDEX_HTML);
  });
});

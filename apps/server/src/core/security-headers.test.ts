import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import helmet from 'helmet';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { answersWithApiHeaders, apiHeadersFrom, helmetHeaders } from './security-headers.ts';

describe('helmetHeaders', () => {
  it('makes exactly the headers helmet sets on a real response', async () => {
    const options = {
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:'] } },
      crossOriginEmbedderPolicy: false,
    };
    const server = http.createServer((req, res) => helmet(options)(req, res, () => res.end()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/`);
    server.close();
    const real = Object.fromEntries(
      [...res.headers].filter(
        ([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name),
      ),
    );
    expect(helmetHeaders(options)).toEqual(real);
    expect(real['content-security-policy']).toContain("img-src 'self' data:");
  });
});

describe('the API set of security headers', () => {
  it('keeps HSTS, nosniff and the resource policy of the document set and forbids every framing', () => {
    const api = apiHeadersFrom(helmetHeaders({ crossOriginEmbedderPolicy: false }));
    expect(api).toEqual({
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-frame-options': 'DENY',
    });
  });

  it('is for the JSON answers under /api/ only: not the API reference, the stored images or the web app', () => {
    for (const url of ['/api/ichiban-kuji-products', '/api/token/use', '/api/nope', '/api/orders/?page=2'])
      expect(answersWithApiHeaders(url), url).toBe(true);
    for (const url of [
      '/',
      '/ichiban-kuji-products',
      '/assets/index-1.js',
      '/api/docs',
      '/api/docs/',
      '/api/docs/static/x.js',
      '/api/images/a.svg',
      '/apix',
      '/ws',
    ]) {
      expect(answersWithApiHeaders(url), url).toBe(false);
    }
  });
});

describe('security headers on the answers of the shop', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-web-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>Kujiya</title></head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp({ webDist: dist });
  });
  afterAll(async () => t.close());

  const documentPolicy = (headers: Record<string, unknown>) => {
    expect(headers['content-security-policy']).toContain("script-src 'self' https://js.stripe.com");
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toContain('max-age=');
  };
  const apiPolicy = (headers: Record<string, unknown>) => {
    expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(headers['strict-transport-security']).toContain('max-age=');
    expect(headers['referrer-policy']).toBeUndefined();
    expect(headers['x-xss-protection']).toBeUndefined();
  };

  it('gives the pages of the web app and the API reference the document set', async () => {
    for (const url of ['/', '/ichiban-kuji-products', '/faq']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toContain('text/html');
      documentPolicy(res.headers);
    }
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    documentPolicy(docs.headers);
  });

  it('gives JSON answers, errors included, the API set', async () => {
    const listing = await t.app.inject({ method: 'GET', url: '/api/ichiban-kuji-products' });
    expect(listing.statusCode).toBe(200);
    apiPolicy(listing.headers);
    const refused = await t.app.inject({ method: 'POST', url: '/api/token/use', payload: {} });
    expect(refused.statusCode).toBe(403);
    apiPolicy(refused.headers);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(unknown.statusCode).toBe(404);
    apiPolicy(unknown.headers);
  });
});

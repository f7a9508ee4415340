import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>',
);
// A 1x1 transparent PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

describe('images', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('stores content-addressed and idempotently', async () => {
    const a = await t.services.media.putImage(t.ctx.db, svg, 'image/svg+xml');
    const b = await t.services.media.putImage(t.ctx.db, svg, 'image/svg+xml');
    expect(a).toMatch(/^[0-9a-f]{32}\.svg$/);
    expect(b).toBe(a);
    const other = await t.services.media.putImage(t.ctx.db, png, 'image/png');
    expect(other).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(other).not.toBe(a);
    const stored = await t.services.media.getImage(other);
    expect(stored?.bytes.equals(png)).toBe(true);
  });

  it('rejects unsupported types', async () => {
    await expect(t.services.media.putImage(t.ctx.db, svg, 'text/html')).rejects.toThrow('Unsupported image type');
  });

  it('serves an image with its type and long-lived cache headers', async () => {
    const name = await t.services.media.putImage(t.ctx.db, png, 'image/png');
    const res = await t.app.inject({ method: 'GET', url: `/api/images/${name}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toBe(`"${name.split('.')[0]}"`);
    expect(res.rawPayload.equals(png)).toBe(true);

    const again = await t.app.inject({
      method: 'GET',
      url: `/api/images/${name}`,
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('serves SVG with a script-free content security policy', async () => {
    const name = await t.services.media.putImage(t.ctx.db, svg, 'image/svg+xml');
    const res = await t.app.inject({ method: 'GET', url: `/api/images/${name}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(res.body).toContain('<svg');
  });

  it('answers 404 for an unknown image and 400 for a malformed name', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: `/api/images/${'0'.repeat(32)}.png` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Image not found', code: 'IMAGE_NOT_FOUND' });
    for (const bad of ['abc.png', `${'0'.repeat(32)}.exe`, `${'G'.repeat(32)}.png`, '..%2Fetc%2Fpasswd']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/images/${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid image name', code: 'VALIDATION_FAILED' });
    }
  });
});

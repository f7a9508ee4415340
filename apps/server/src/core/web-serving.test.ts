import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** A built web app with the installed app's files (docs/rules/offline.md), and one without them. */
function fakeDist(withAppFiles: boolean): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
  if (withAppFiles) {
    fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), JSON.stringify({ name: 'Kujiya' }));
  }
  return dir;
}

describe('the installed app files', () => {
  let t: TestApp;
  let bare: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDist: fakeDist(true) });
    bare = await createTestApp({ webDist: fakeDist(false) });
  });
  afterAll(async () => {
    await t.close();
    await bare.close();
  });

  it('serves the service worker and the manifest revalidated on every load, with their own types', async () => {
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.body).toContain('addEventListener');

    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(manifest.body)).toEqual({ name: 'Kujiya' });

    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('lets the page run the worker and read the manifest from its own origin (CSP)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/inventory' });
    expect(page.headers['content-security-policy']).toContain("worker-src 'self'");
    expect(page.headers['content-security-policy']).toContain("manifest-src 'self'");
  });

  it('answers a missing worker or manifest with a 404, never with the page of the app', async () => {
    for (const url of ['/sw.js', '/manifest.webmanifest', '/sw.js?v=2']) {
      const res = await bare.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
    }
    const page = await bare.app.inject({ method: 'GET', url: '/sw' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

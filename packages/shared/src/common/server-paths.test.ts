import { describe, expect, it } from 'vitest';
import { isServerOnlyPath } from './server-paths.ts';

describe('isServerOnlyPath', () => {
  it('names the API, the live socket and the operator endpoints', () => {
    for (const path of [
      '/api/products',
      '/api/users/me?x=1',
      '/ws',
      '/metrics',
      '/metrics?name=x',
      '/healthz',
      '/readyz',
    ])
      expect(isServerOnlyPath(path), path).toBe(true);
  });

  it('leaves the web app its pages and files', () => {
    for (const path of [
      '/',
      '/inventory',
      '/apiary',
      '/metricsboard',
      '/sw.js',
      '/manifest.webmanifest',
      '/offline.html',
    ])
      expect(isServerOnlyPath(path), path).toBe(false);
  });
});

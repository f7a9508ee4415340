import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The byte budget of the first paint of `/` (docs/performance.md): the JS `index.html` loads before
 * anything else (its entry script and any modulepreload it lists) and the chunks the server hints on
 * `/` as modulepreloads (the frame and the home page, route-hints.json), on the built web app. Gzip is
 * counted as `gzip -9` (zlib's level 9) of each file, the measure issue 30 set: the precompressed
 * zopfli `.gz` files the server sends are about 3% smaller, so that budget is the stricter one. Brotli
 * is counted as sent (the precompressed `.br`). React with React DOM and React Router's data router
 * take about 90 KB gzip -9 of it on their own; home's route, the error page, the frame and the home
 * page the rest. The other pages' route table, the footer, TanStack Query and the schemas load after
 * the first paint or with the other pages, so both budgets are 100 KB.
 */
const FIRST_PAINT_JS_GZIP_BUDGET = 100 * 1024;
const FIRST_PAINT_JS_BROTLI_BUDGET = 100 * 1024;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');

describe('first-load bytes', () => {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entryFiles = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const hints = JSON.parse(fs.readFileSync(path.join(dist, 'route-hints.json'), 'utf8')) as Record<
    string,
    { scripts: string[] }
  >;
  // What the first paint of `/` loads: the entry and the chunks the server hints for `/`.
  const homeFiles = [...new Set([...entryFiles, ...hints['/']!.scripts.map((href) => href.replace(/^\//, ''))])];

  // What the server sends for `file` with that encoding: the precompressed file, else the file as it is.
  const sentBytes = (file: string, suffix: '.gz' | '.br') => {
    const sent = path.join(dist, `${file}${suffix}`);
    return fs.existsSync(sent) ? fs.statSync(sent).size : fs.statSync(path.join(dist, file)).size;
  };

  it(`keeps the JS of the first paint of / within ${FIRST_PAINT_JS_GZIP_BUDGET / 1024} KB by gzip -9 (entry and every modulepreload of /)`, () => {
    expect(entryFiles.length).toBeGreaterThan(0);
    expect(
      homeFiles.some((file) => /\/HomePage-/.test(file)),
      'the home page chunk is hinted on /',
    ).toBe(true);
    expect(
      homeFiles.some((file) => /\/frame-/.test(file)),
      'the frame is hinted on /',
    ).toBe(true);
    const gzip9 = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
    const gzip = homeFiles.reduce((total, file) => total + gzip9(file), 0);
    console.log(`First paint of /: ${homeFiles.length} JS files, ${(gzip / 1024).toFixed(2)} KB by gzip -9`);
    // The zopfli files the server sends are never larger (the build keeps zlib's when it is smaller).
    expect(homeFiles.reduce((total, file) => total + sentBytes(file, '.gz'), 0)).toBeLessThanOrEqual(gzip);
    expect(gzip).toBeLessThanOrEqual(FIRST_PAINT_JS_GZIP_BUDGET);
  });

  it(`sends the JS of the first paint of / within ${FIRST_PAINT_JS_BROTLI_BUDGET / 1024} KB (the precompressed brotli files)`, () => {
    const brotli = homeFiles.reduce((total, file) => total + sentBytes(file, '.br'), 0);
    expect(brotli).toBeLessThanOrEqual(FIRST_PAINT_JS_BROTLI_BUDGET);
  });

  it('ships every entry file of 1 KB or more precompressed (brotli and gzip) for the server to send as is', () => {
    for (const file of [...homeFiles, 'index.html']) {
      const bytes = fs.readFileSync(path.join(dist, file));
      if (bytes.length < 1024) continue; // not worth compressing (the server's threshold too)
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dist, `${file}.br`)))).toEqual(bytes);
      expect(zlib.gunzipSync(fs.readFileSync(path.join(dist, `${file}.gz`)))).toEqual(bytes);
    }
  });
});

import zlib from 'node:zlib';

export type BodyEncoding = 'br' | 'gzip';

/**
 * A body compressed once for every answer that carries it (docs/performance.md): `effort` 'max' for
 * documents that rarely change (index.html), 'quick' for ones rebuilt often (the listing).
 */
export function compressBody(body: string, encoding: BodyEncoding, effort: 'max' | 'quick'): Buffer {
  if (encoding === 'br') {
    return zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: effort === 'max' ? 11 : 5 },
    });
  }
  return zlib.gzipSync(body, { level: effort === 'max' ? 9 : 6 });
}

import helmet from 'helmet';

type HelmetOptions = Parameters<typeof helmet>[0];

/**
 * The headers helmet sets for `options`, made once. Helmet writes them onto a response; here it
 * writes them onto a stand-in, so every reply can take the finished set (docs/performance.md).
 * Only for options that do not depend on the request (no CSP nonces).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) failure = error;
  });
  if (failure) throw failure;
  return headers;
}

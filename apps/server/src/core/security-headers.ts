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

/**
 * The headers of a JSON answer, taken from the document set: what still applies to data that no
 * browser renders as a page (docs/rules/security.md, "Security headers"). HSTS, nosniff and the
 * cross-origin resource policy as for documents; a CSP and X-Frame-Options that forbid any framing.
 * The document-only headers (the page's script and style policy, referrer policy, DNS prefetch,
 * opener and agent-cluster isolation, the old IE download and XSS switches) are left out: they cost
 * about a fifth of a cached answer's time and protect nothing in a JSON body.
 */
export function apiHeadersFrom(documentHeaders: Readonly<Record<string, string>>): Record<string, string> {
  const kept = ['strict-transport-security', 'x-content-type-options', 'cross-origin-resource-policy'];
  const headers: Record<string, string> = {};
  for (const name of kept) if (documentHeaders[name] !== undefined) headers[name] = documentHeaders[name];
  headers['content-security-policy'] = "default-src 'none'; frame-ancestors 'none'";
  headers['x-frame-options'] = 'DENY';
  return headers;
}

/**
 * Whether an answer to `url` gets the API set: everything under /api/ is JSON except the API
 * reference (an HTML page with its scripts) and the stored images (an SVG opened on its own is a
 * document), which keep the document set. The web app, its files and unknown paths keep it too.
 */
export function answersWithApiHeaders(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs') && !url.startsWith('/api/images/');
}

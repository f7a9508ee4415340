// Apart from api-client.ts: the route loader that starts a request lives in the entry chunk, which
// this keeps free of the rest of the client (docs/performance.md).

/** How long a started request waits for its fetcher; unclaimed by then, it is dropped (never served stale). */
export const EARLY_REQUEST_TTL_MS = 10_000;
const earlyRequests = new Map<string, { response: Promise<Response>; startedAt: number }>();

/**
 * Starts the public GET of `path` now, for the next api() call of that path to take as its answer:
 * a route loader calls it so the page's data loads in parallel with the page's chunk, instead of
 * after it (docs/performance.md). Public (`auth: 'none'`) reads only, so no session is involved; the
 * fetcher still parses the answer with its schema.
 */
export function startEarlyRequest(path: string): void {
  const started = earlyRequests.get(path);
  if (started && Date.now() - started.startedAt < EARLY_REQUEST_TTL_MS) return;
  const response = fetch(path, { method: 'GET', credentials: 'same-origin' });
  // A request nobody claims must not surface as an unhandled rejection; its fetcher sees the failure.
  response.catch(() => undefined);
  earlyRequests.set(path, { response, startedAt: Date.now() });
}

/** The started answer of `path` for api() to take (once), if `publicGet` (only those are started early) and still fresh. */
export function takeEarlyRequest(path: string, publicGet: boolean): Promise<Response> | undefined {
  if (!publicGet) return undefined;
  const started = earlyRequests.get(path);
  earlyRequests.delete(path);
  return started && Date.now() - started.startedAt < EARLY_REQUEST_TTL_MS ? started.response : undefined;
}

/**
 * The paths the server answers itself, never with the web app: the API, the live socket and the
 * operator's endpoints (docs/rules/offline.md). The server's SPA fallback answers them a JSON 404 (a
 * load balancer or a scraper must not see the app's 200), and the service worker never caches nor
 * stands in for them: money and stock are always read live from the network.
 */
const SERVER_ONLY_PATH = /^\/(api\/|ws|metrics(\/|\?|$)|healthz|readyz)/;

/** Whether `path` (a path, with or without its query) is one of the server's own answers. */
export function isServerOnlyPath(path: string): boolean {
  return SERVER_ONLY_PATH.test(path);
}

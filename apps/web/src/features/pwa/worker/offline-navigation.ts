/// <reference lib="webworker" />
import { matchPrecache } from 'workbox-precaching';

/**
 * How the service worker answers a page load (docs/rules/offline.md): always from the network first,
 * so a deploy or a live page is never hidden behind a copy. Without a network, a page this browser
 * has opened before gets the precached app shell (its route's code is precached too, and its data
 * calls fail visibly, never answered from a cache); any other page gets the small offline page.
 */
const VISITED_CACHE = 'kujiya-visited-pages';
const SHELL = '/index.html';
const OFFLINE_PAGE = '/offline.html';

/** The key of a page in the visited list: its path, without the query (the same screen). */
const pageKey = (url: string) => new URL(url).pathname;

/** Remembers that `url` has loaded, as an empty marker: the shell, not this copy, is what is served. */
async function rememberVisit(url: string): Promise<void> {
  const cache = await caches.open(VISITED_CACHE);
  await cache.put(pageKey(url), new Response(null, { status: 204 }));
}

async function wasVisited(url: string): Promise<boolean> {
  const cache = await caches.open(VISITED_CACHE);
  return (await cache.match(pageKey(url))) !== undefined;
}

export async function answerNavigation(
  request: Request,
  waitUntil: (work: Promise<unknown>) => void,
): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok) waitUntil(rememberVisit(request.url));
    return response;
  } catch (offline) {
    const home = pageKey(request.url) === '/';
    const fallback = home || (await wasVisited(request.url)) ? await matchPrecache(SHELL) : undefined;
    const answer = fallback ?? (await matchPrecache(OFFLINE_PAGE));
    if (!answer) throw offline;
    return answer;
  }
}

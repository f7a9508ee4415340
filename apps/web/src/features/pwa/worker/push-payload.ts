import type { PushPayload } from '@kujiya/shared';

/**
 * A push message as the server sends it and the service worker shows it (docs/rules/offline.md):
 * `{ title, body, url, tag }`. Read defensively: a malformed message still shows the shop's name
 * rather than nothing (a push that shows no notification costs the site its push permission), and
 * a `url` that is not a path of this origin opens the home page instead.
 */

const FALLBACK: PushPayload = { title: 'Kujiya', body: '', url: '/', tag: 'kujiya' };

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** The in-app path of `url` on `origin`, or `/` for anything else (another site, a script URL). */
export function sameOriginPath(url: unknown, origin: string): string {
  if (typeof url !== 'string' || !url.startsWith('/')) return '/';
  try {
    const resolved = new URL(url, origin);
    return resolved.origin === origin ? `${resolved.pathname}${resolved.search}${resolved.hash}` : '/';
  } catch {
    return '/';
  }
}

/** The payload of a push message's text (`PushMessageData.text()`), or the fallback. */
export function readPushPayload(raw: string | null | undefined, origin: string): PushPayload {
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === 'object') data = parsed as Record<string, unknown>;
  } catch {
    return FALLBACK;
  }
  return {
    title: text(data.title) ?? FALLBACK.title,
    body: text(data.body) ?? FALLBACK.body,
    url: sameOriginPath(data.url, origin),
    tag: text(data.tag) ?? FALLBACK.tag,
  };
}

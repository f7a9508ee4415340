// Apart from api-client.ts: the session store (in the frame, on every first paint) listens here
// without loading the rest of the client (docs/performance.md).

const shopperTokenRefusedListeners = new Set<(token: string) => void>();

/**
 * Called when the server refuses the shopper's token as ended (disabled account, revoked session). The
 * session store listens (src/lib/session.ts), so the API client stays free of its side effects.
 */
export function onShopperTokenRefused(listener: (token: string) => void): () => void {
  shopperTokenRefusedListeners.add(listener);
  return () => shopperTokenRefusedListeners.delete(listener);
}

/** What the API client calls when the server refused the shopper's token as ended. */
export function reportShopperTokenRefused(token: string): void {
  shopperTokenRefusedListeners.forEach((listener) => listener(token));
}

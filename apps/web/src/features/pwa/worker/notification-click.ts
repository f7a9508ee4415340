/// <reference lib="webworker" />

/**
 * Tapping a notification opens its screen (docs/rules/offline.md): a window of the shop that is
 * already open is brought forward and sent there, else a new one opens at it. `url` is a path of
 * this origin (push-payload.ts checked it).
 */
export async function openNotificationUrl(worker: ServiceWorkerGlobalScope, url: string): Promise<void> {
  const target = new URL(url, worker.location.origin).href;
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open =
    windows.find((client) => client.focused) ??
    windows.find((client) => client.visibilityState === 'visible') ??
    windows[0];
  if (open) {
    // Focus is only granted while the click is being handled; a refused focus must not stop the navigation.
    await open.focus().catch(() => undefined);
    const navigated = await open.navigate(target).catch(() => null);
    if (navigated) return;
  }
  await worker.clients.openWindow(target);
}

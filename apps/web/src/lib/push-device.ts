import { unsubscribePush } from './api/unsubscribePush';

/** Whether this browser can receive Web Push at all (a service worker and the Push API). */
export const pushSupported = (): boolean =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  typeof window !== 'undefined' &&
  'PushManager' in window;

/** This device's push subscription, if it has one (never asks for anything). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/** Ends a subscription on both sides: the server forgets the device, the browser drops it. */
export async function endPushSubscription(subscription: PushSubscription): Promise<void> {
  await unsubscribePush(subscription.endpoint);
  await subscription.unsubscribe();
}

/** Logout: the server forgets this device and the browser drops its subscription (best effort). */
export async function forgetPushDevice(): Promise<void> {
  try {
    const subscription = await currentPushSubscription();
    if (subscription) await endPushSubscription(subscription).catch(() => subscription.unsubscribe());
  } catch (error) {
    console.warn('Could not end this device push subscription', error);
  }
}

/**
 * The browser drops its subscription only: for a session the server has already ended (the devices
 * page), whose subscription row went with it and whose token could no longer call the server.
 */
export async function dropBrowserPushSubscription(): Promise<void> {
  try {
    await (await currentPushSubscription())?.unsubscribe();
  } catch (error) {
    console.warn('Could not drop this device push subscription', error);
  }
}

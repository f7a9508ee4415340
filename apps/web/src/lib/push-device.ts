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

/** Logout: the server forgets this device and the browser drops its subscription (best effort). */
export async function forgetPushDevice(): Promise<void> {
  try {
    const subscription = await currentPushSubscription();
    if (!subscription) return;
    await unsubscribePush(subscription.endpoint).catch(() => undefined);
    await subscription.unsubscribe();
  } catch (error) {
    console.warn('Could not end this device push subscription', error);
  }
}

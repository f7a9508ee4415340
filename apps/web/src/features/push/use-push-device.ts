import { useCallback, useEffect, useState } from 'react';
import { base64UrlBytes } from '../../lib/base64url';
import { currentPushSubscription, endPushSubscription, pushSupported } from '../../lib/push-device';
import { getVapidPublicKey } from './api/getVapidPublicKey';
import { subscribePush } from './api/subscribePush';

/** This device's push state: not possible here, blocked by the shopper, off, or on. */
export type PushDeviceState = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

/**
 * This device's subscription. Permission is asked only from `turnOn`, that is on a tap: never on a
 * visit (docs/rules/notifications.md, "Push").
 */
export function usePushDevice() {
  const [state, setState] = useState<PushDeviceState>('checking');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void (async () => {
      if (!pushSupported()) return setState('unsupported');
      if (Notification.permission === 'denied') return setState('denied');
      const subscription = await currentPushSubscription().catch(() => null);
      if (live) setState(subscription ? 'on' : 'off');
    })();
    return () => {
      live = false;
    };
  }, []);

  const run = useCallback(async (work: () => Promise<PushDeviceState>) => {
    setBusy(true);
    setError(null);
    try {
      setState(await work());
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }, []);

  const turnOn = useCallback(
    () =>
      run(async () => {
        const permission = await Notification.requestPermission();
        if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
        const [registration, { publicKey }] = await Promise.all([navigator.serviceWorker.ready, getVapidPublicKey()]);
        const subscription = await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: base64UrlBytes(publicKey),
        });
        await subscribePush(subscription.toJSON());
        return 'on';
      }),
    [run],
  );

  const turnOff = useCallback(
    () =>
      run(async () => {
        const subscription = await currentPushSubscription();
        if (subscription) await endPushSubscription(subscription);
        return 'off';
      }),
    [run],
  );

  return { state, error, busy, turnOn, turnOff };
}

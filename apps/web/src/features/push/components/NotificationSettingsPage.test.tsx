// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import {
  mailPreferencesSchema,
  messageResponseSchema,
  pushPreferencesSchema,
  pushSubscriptionStateSchema,
  vapidPublicKeySchema,
  type PushPreferences,
} from '@kujiya/shared';
import { signInShopper } from '../../../test/auth';
import { answer, sent } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { signOut } from '../../../lib/api/logout';
import { testQueryClient } from '../../../test/render';
import { NotificationSettingsPage } from './NotificationSettingsPage';

const ENDPOINT = 'https://push.example.test/device-1';
const allOn: PushPreferences = {
  preferences: {
    setOpening: true,
    preorderArrived: true,
    tradeOffer: true,
    forfeitWarning: true,
    shipmentBooked: true,
    collectionTomorrow: true,
    parcelShipped: true,
  },
};

/** A browser with a service worker and the Push API, the permission `permission`, and no subscription yet. */
function fakePushBrowser(permission: NotificationPermission, grant: NotificationPermission = 'granted') {
  let subscription: PushSubscription | null = null;
  const unsubscribe = vi.fn(async () => {
    subscription = null;
    return true;
  });
  const pushManager = {
    getSubscription: vi.fn(async () => subscription),
    subscribe: vi.fn(async () => {
      subscription = {
        endpoint: ENDPOINT,
        unsubscribe,
        toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'BPk3', auth: 'au7h' } }),
      } as unknown as PushSubscription;
      return subscription;
    }),
  };
  const registration = { pushManager };
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: vi.fn(async () => registration) },
  });
  const requestPermission = vi.fn(async () => grant);
  vi.stubGlobal('Notification', { permission, requestPermission });
  return { pushManager, requestPermission, unsubscribe };
}

function openSettings() {
  signInShopper('alice');
  answer('get', '/api/push/preferences', pushPreferencesSchema, allOn);
  answer('get', '/api/mail/preferences', mailPreferencesSchema, {
    preferences: { setOpening: true, preorderArrived: true, forfeitWarning: true, parcelShipped: true },
  });
  return renderWithApp(<NotificationSettingsPage />, { path: '/profile/notifications' });
}

describe('notification settings (/profile/notifications)', () => {
  beforeEach(() => {
    answer('get', '/api/push/vapid-public-key', vapidPublicKeySchema, { publicKey: 'BCT6JkUB_VlUlidU' });
    answer('post', '/api/push/subscriptions', pushSubscriptionStateSchema, { subscribed: true });
    answer('delete', '/api/push/subscriptions', pushSubscriptionStateSchema, { subscribed: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('asks for permission only on the tap, then subscribes this device and enables the per-kind toggles', async () => {
    const browser = fakePushBrowser('default');
    const page = openSettings();
    const turnOn = await screen.findByRole('button', { name: 'Turn on notifications' });
    expect(browser.requestPermission).not.toHaveBeenCalled();
    const toggle = screen.getByRole('switch', { name: 'Trade offers: received, accepted or rejected' });
    expect(toggle).toBeDisabled();
    expect(screen.getByText('Turn on notifications on this device to choose what it tells you.')).toBeVisible();

    await page.user.click(turnOn);
    await screen.findByText('On for this device.');
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(sent('post', '/api/push/subscriptions')[0]!.body).toEqual({
      endpoint: ENDPOINT,
      expirationTime: null,
      keys: { p256dh: 'BPk3', auth: 'au7h' },
    });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toBeChecked();

    answer('put', '/api/push/preferences', pushPreferencesSchema, {
      preferences: { ...allOn.preferences, tradeOffer: false },
    });
    await page.user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(sent('put', '/api/push/preferences')[0]!.body).toEqual({ preferences: { tradeOffer: false } });
  });

  it('explains and keeps the toggles off when unsupported or blocked', async () => {
    openSettings();
    expect(await screen.findByText(/This browser cannot receive push notifications/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Turn on notifications' })).toBeNull();
    expect(screen.getByRole('switch', { name: 'A self-collection is tomorrow' })).toBeDisabled();
  });

  it('says how to unblock when the permission was denied', async () => {
    fakePushBrowser('denied');
    openSettings();
    expect(await screen.findByText(/Notifications are blocked for Kujiya/)).toBeVisible();
    expect(screen.getByRole('switch', { name: 'A shipment is booked (with tracking)' })).toBeDisabled();
  });

  it('switches an optional e-mail off through /api/mail/preferences', async () => {
    fakePushBrowser('default');
    const page = openSettings();
    const mails = await screen.findByRole('region', { name: 'E-mails' });
    const opening = await waitFor(() => {
      const toggles = mails.querySelectorAll('input[role="switch"]');
      expect(toggles).toHaveLength(4);
      return toggles[0] as HTMLInputElement;
    });
    await waitFor(() => expect(opening).toBeEnabled());
    answer('put', '/api/mail/preferences', mailPreferencesSchema, {
      preferences: { setOpening: false, preorderArrived: true, forfeitWarning: true, parcelShipped: true },
    });
    await page.user.click(opening);
    await waitFor(() => expect(opening).not.toBeChecked());
    expect(sent('put', '/api/mail/preferences')[0]!.body).toEqual({ preferences: { setOpening: false } });
  });

  it('logout removes this device subscription on the server and in the browser', async () => {
    const browser = fakePushBrowser('granted');
    await (await navigator.serviceWorker.ready).pushManager.subscribe({ userVisibleOnly: true });
    signInShopper('alice');
    answer('get', '/api/users/logout', messageResponseSchema, { message: 'Logged out' });
    await signOut(testQueryClient());
    expect(sent('delete', '/api/push/subscriptions')[0]!.body).toEqual({ endpoint: ENDPOINT });
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
    expect(sent('get', '/api/users/logout')).toHaveLength(1);
  });
});

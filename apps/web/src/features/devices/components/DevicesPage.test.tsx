// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  endOtherSessionsResponseSchema,
  endSessionResponseSchema,
  sessionsResponseSchema,
  type SessionView,
} from '@kujiya/shared';
import { sessionStore } from '../../../lib/session';
import { signInShopper } from '../../../test/auth';
import { answer, refuse, sent } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { DevicesPage } from './DevicesPage';

const session = (id: string, device: string, current: boolean, place: SessionView['place'] = 'ipv4'): SessionView => ({
  id,
  device,
  place,
  current,
  createdAt: '2026-11-20T02:00:00.000Z',
  lastSeenAt: '2026-11-26T01:30:00.000Z',
});
const PHONE = session('5b0c2f8e-7a6d-4c3b-9e1f-000000000001', 'Chrome on Android', true);
const LAPTOP = session('5b0c2f8e-7a6d-4c3b-9e1f-000000000002', 'Firefox on macOS', false, 'private');
const TABLET = session('5b0c2f8e-7a6d-4c3b-9e1f-000000000003', 'Safari on iOS', false, 'ipv6');

function openDevices(sessions: SessionView[]) {
  signInShopper('alice');
  answer('get', '/api/users/sessions', sessionsResponseSchema, { sessions });
  return renderWithApp(<DevicesPage />, { path: '/profile/devices' });
}

describe('the devices page (docs/rules/accounts.md, "Sessions and devices")', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('lists each session with its device, place, first and last seen, and marks this device', async () => {
    openDevices([PHONE, LAPTOP]);
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    const cards = await within(list).findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('heading', { name: 'Chrome on Android' })).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent('This device');
    expect(cards[0]).toHaveTextContent('Internet (IPv4)');
    expect(cards[0]).toHaveTextContent('20 Nov 2026');
    expect(cards[1]).toHaveTextContent('Private network');
    expect(cards[1]).not.toHaveTextContent('This device');
    expect(screen.getByRole('button', { name: /^Log out Firefox on macOS, signed in/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Log out Chrome on Android \(this device\)/ })).toBeInTheDocument();
  });

  it('logs one other device out after confirming, and says so', async () => {
    answer('delete', '/api/users/sessions/:id', endSessionResponseSchema, {
      message: 'Session ended.',
      current: false,
    });
    const page = openDevices([PHONE, LAPTOP]);
    await page.user.click(await screen.findByRole('button', { name: /^Log out Firefox on macOS/ }));
    const dialog = screen.getByRole('dialog', { name: 'Log out Firefox on macOS?' });
    expect(sent('DELETE')).toHaveLength(0);
    answer('get', '/api/users/sessions', sessionsResponseSchema, { sessions: [PHONE] });
    await page.user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Firefox on macOS was logged out.');
    expect(sent('DELETE', `/api/users/sessions/${LAPTOP.id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Firefox on macOS' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Log out everywhere else' })).not.toBeInTheDocument();
  });

  it('cancelling the dialog logs nothing out', async () => {
    const page = openDevices([PHONE, LAPTOP]);
    await page.user.click(await screen.findByRole('button', { name: /^Log out Firefox on macOS/ }));
    await page.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent('DELETE')).toHaveLength(0);
  });

  it('"Log out everywhere else" ends the other sessions after confirming', async () => {
    answer('delete', '/api/users/sessions', endOtherSessionsResponseSchema, {
      message: 'Signed out everywhere else.',
      ended: 2,
    });
    const page = openDevices([PHONE, LAPTOP, TABLET]);
    await page.user.click(await screen.findByRole('button', { name: 'Log out everywhere else' }));
    const dialog = screen.getByRole('dialog', { name: 'Log out everywhere else?' });
    expect(dialog).toHaveTextContent('2 other devices will have to sign in again. This device stays signed in.');
    answer('get', '/api/users/sessions', sessionsResponseSchema, { sessions: [PHONE] });
    await page.user.click(within(dialog).getByRole('button', { name: 'Log out everywhere else' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Logged out 2 other sessions.');
    expect(sent('DELETE', '/api/users/sessions')).toHaveLength(1);
    expect(sessionStore.get().isAuthenticated).toBe(true);
  });

  it("logging this device's own session out signs out here and goes home", async () => {
    answer('delete', '/api/users/sessions/:id', endSessionResponseSchema, { message: 'Session ended.', current: true });
    const page = openDevices([PHONE, LAPTOP]);
    await page.user.click(await screen.findByRole('button', { name: /^Log out Chrome on Android \(this device\)/ }));
    const dialog = screen.getByRole('dialog', { name: 'Log out Chrome on Android?' });
    expect(dialog).toHaveTextContent('You will be signed out on this device.');
    await page.user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(page.pathname()).toBe('/'));
    expect(sessionStore.get().isAuthenticated).toBe(false);
  });

  it("logging this device's own session out drops the browser's push subscription (the server's went with the session)", async () => {
    const unsubscribe = vi.fn(async () => true);
    const registration = {
      pushManager: { getSubscription: async () => ({ endpoint: 'https://push.example/1', unsubscribe }) },
    };
    vi.stubGlobal('PushManager', function PushManager() {});
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: async () => registration },
    });
    answer('delete', '/api/users/sessions/:id', endSessionResponseSchema, { message: 'Session ended.', current: true });
    const page = openDevices([PHONE, LAPTOP]);
    await page.user.click(await screen.findByRole('button', { name: /^Log out Chrome on Android \(this device\)/ }));
    await page.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(sessionStore.get().isAuthenticated).toBe(false));
    expect(unsubscribe).toHaveBeenCalledOnce();
    // The ended token could no longer call the server: nothing is sent for the push subscription.
    expect(sent('delete', '/api/push/subscriptions')).toHaveLength(0);
  });

  it('shows the login reminder when the session was refused', async () => {
    signInShopper('alice');
    refuse('get', '/api/users/sessions', 403, 'Please login first.');
    renderWithApp(<DevicesPage />, { path: '/profile/devices' });
    expect(await screen.findByRole('dialog', { name: 'Please login first.' })).toBeInTheDocument();
  });
});

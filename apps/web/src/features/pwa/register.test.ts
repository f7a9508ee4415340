// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerServiceWorker } from './register';

/** A stand-in for the browser's service worker API: one registration whose workers the test moves. */
function fakeServiceWorkers({ controlled }: { controlled: boolean }) {
  const waiting = { postMessage: vi.fn() } as unknown as ServiceWorker;
  const registration = Object.assign(new EventTarget(), {
    waiting: null as ServiceWorker | null,
    installing: null as (EventTarget & { state: string }) | null,
    update: vi.fn(async () => undefined),
  });
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? ({} as ServiceWorker) : null,
    register: vi.fn(async () => registration),
  });
  return { container: container as unknown as ServiceWorkerContainer, registration, waiting };
}

afterEach(() => document.getElementById('update-prompt')?.remove());

describe('registerServiceWorker', () => {
  it('registers /sw.js for the whole site and offers nothing on the first install', async () => {
    const { container, registration } = fakeServiceWorkers({ controlled: false });
    await registerServiceWorker(container);
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    const installing = Object.assign(new EventTarget(), { state: 'installing' });
    registration.installing = installing;
    registration.dispatchEvent(new Event('updatefound'));
    installing.state = 'installed';
    installing.dispatchEvent(new Event('statechange'));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('offers a version that installs while another controls the page, and activates it on Reload', async () => {
    const { container, registration } = fakeServiceWorkers({ controlled: true });
    await registerServiceWorker(container);
    const installing = Object.assign(new EventTarget(), { state: 'installing', postMessage: vi.fn() });
    registration.installing = installing;
    registration.dispatchEvent(new Event('updatefound'));
    expect(screen.queryByRole('status')).toBeNull();
    installing.state = 'installed';
    installing.dispatchEvent(new Event('statechange'));
    await userEvent.click(await screen.findByRole('button', { name: 'Reload' }));
    expect(installing.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  });

  it('offers a version that was already installing when the page registered (its updatefound missed)', async () => {
    const { container, registration } = fakeServiceWorkers({ controlled: true });
    const installing = Object.assign(new EventTarget(), { state: 'installing', postMessage: vi.fn() });
    registration.installing = installing;
    await registerServiceWorker(container);
    expect(screen.queryByRole('status')).toBeNull();
    installing.state = 'installed';
    installing.dispatchEvent(new Event('statechange'));
    await userEvent.click(await screen.findByRole('button', { name: 'Reload' }));
    expect(installing.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  });

  it('offers a version already waiting when the page loads', async () => {
    const { container, registration, waiting } = fakeServiceWorkers({ controlled: true });
    registration.waiting = waiting;
    await registerServiceWorker(container);
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('A new version is available'));
  });
});

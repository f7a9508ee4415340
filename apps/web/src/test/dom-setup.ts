import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { signOut } from './auth';
import { resetSent } from './http';
import { installDialogPolyfill, installScrollPolyfill } from './dom-polyfills';
import { server } from './server';

// jsdom has no modal <dialog>: every popup of the shop (components/ui/Dialog.tsx) needs one.
installDialogPolyfill();
installScrollPolyfill();

// A request no test answered is a failure: the page asked for something the test did not expect.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetSent();
  signOut();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => server.close());

import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { signOut } from './auth';
import { resetSent } from './http';
import { installDialogPolyfill, installScrollPolyfill } from './dom-polyfills';
import { server } from './server';

// jsdom has no modal <dialog>: every popup of the shop (components/ui/Dialog.tsx) needs one.
installDialogPolyfill();
installScrollPolyfill();

// findBy…/waitFor wait up to 5 s (the default 1 s ran out on a loaded 2-core machine): a ceiling, not a timing.
configure({ asyncUtilTimeout: 5000 });

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

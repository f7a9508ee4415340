import { setupServer } from 'msw/node';

/**
 * The HTTP layer of the web's tests: MSW answers the app's real fetch calls. Each test installs the
 * answers it needs (`answer`/`refuse` in http.ts); a request nobody answers fails the test.
 */
export const server = setupServer();

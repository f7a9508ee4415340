import { expect } from 'vitest';
import type { BrowserContext } from 'playwright-core';

/** The demo shopper of the demo data (README). */
export const DEMO_SHOPPER = { username: 'demo', password: 'Demo123!' };

/**
 * Logs in through the API and puts the session where the web app keeps it (local storage), before
 * any page of the context runs. Answers the bearer token and the shopper's user id.
 */
export async function logInContext(
  context: BrowserContext,
  credentials: { username: string; password: string } = DEMO_SHOPPER,
): Promise<{ token: string; username: string; userId: string }> {
  const login = await context.request.post('/api/users/login', { data: credentials });
  expect(login.status()).toBe(200);
  const { token, user } = (await login.json()) as { token: string; user: { username: string } };
  await context.addInitScript(
    ([t, u]) => {
      localStorage.setItem('token', t!);
      localStorage.setItem('username', u!);
    },
    [token, user.username],
  );
  const userId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
  return { token, username: user.username, userId };
}

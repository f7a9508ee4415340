// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { authResponseSchema, loginRequestSchema } from '@kujiya/shared';
import { sessionStore } from '../../../lib/session';
import { fakeJwt } from '../../../test/auth';
import { answer, refuse, sent } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { LoginPage } from './LoginPage';

async function logIn(page: ReturnType<typeof renderWithApp>, username: string, password: string) {
  await page.user.type(screen.getByLabelText('Username / Email'), username);
  await page.user.type(screen.getByLabelText('Password'), password);
  await page.user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('Sign In (docs/rules/accounts.md)', () => {
  it('keeps the session and returns to the page the guard sent the shopper from', async () => {
    const token = fakeJwt({ username: 'alice', role: 'user' });
    answer('post', '/api/users/login', authResponseSchema, {
      token,
      user: { username: 'alice', profilePicture: 'alice.png' },
    });
    const page = renderWithApp(<LoginPage />, {
      path: '/login',
      state: { guard: true, from: { pathname: '/inventory' } },
    });
    expect(screen.getByRole('dialog', { name: 'Please login first!' })).toBeInTheDocument();
    await page.user.click(screen.getByRole('button', { name: 'Close' }));

    await logIn(page, '  alice ', 'secret-password');
    await waitFor(() => expect(page.pathname()).toBe('/inventory'));
    expect(loginRequestSchema.parse(sent('POST', '/api/users/login')[0]!.body)).toEqual({
      username: 'alice',
      password: 'secret-password',
    });
    expect(sessionStore.get()).toMatchObject({ isAuthenticated: true, username: 'alice', token });
    expect(sessionStorage.getItem('loginSuccess')).toBe('true');
  });

  it("shows the server's refusal in red and stays signed out", async () => {
    refuse('post', '/api/users/login', 400, 'Invalid username or password');
    const page = renderWithApp(<LoginPage />, { path: '/login' });
    await logIn(page, 'alice', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(page.pathname()).toBe('/login');
    expect(sessionStore.get().isAuthenticated).toBe(false);
  });
});

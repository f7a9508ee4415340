// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import {
  accountDeletionStatusSchema,
  accountMessages,
  messageResponseSchema,
  userDetailsSchema,
  type UserDetails,
} from '@kujiya/shared';
import { sessionStore } from '../../../lib/session';
import { signInShopper } from '../../../test/auth';
import { answer, refuse, sent } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { ProfilePage } from './ProfilePage';

const details = (address: Partial<UserDetails['shippingAddress']> = {}): UserDetails => ({
  username: 'alice',
  email: 'alice@example.com',
  profilePicture: '',
  phoneNumber: '+6591234567',
  shippingAddress: {
    fullName: 'Alice Tan',
    country: 'SG',
    postalCode: '123456',
    unitNumber: '#01-02',
    fullAddress: '1 Orchard Road',
    ...address,
  },
  appearAsSomeone: false,
});

function openProfile(answerWith: UserDetails) {
  signInShopper('alice');
  answer('get', '/api/users/details/:username', userDetailsSchema, answerWith);
  answer('get', '/api/users/delete-account', accountDeletionStatusSchema, { deletion: null });
  return renderWithApp(<ProfilePage />, { path: '/user-profile' });
}

describe('the profile page (docs/rules/accounts.md)', () => {
  it("shows the shopper's details and asks for a missing address", async () => {
    openProfile(details({ postalCode: null, fullAddress: null }));
    expect(await screen.findByRole('heading', { name: 'Welcome, alice!' })).toBeInTheDocument();
    expect(screen.getByText('alice@example.com')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(accountMessages.addressMissing);
    expect(screen.getByText('Postal Code').nextElementSibling).toHaveTextContent('Not set');
    expect(screen.getByText('Phone Number').nextElementSibling).toHaveTextContent('+6591234567');
    expect(screen.getByRole('switch', { name: 'Appear as "Someone" in the live purchase banner' })).not.toBeChecked();
  });

  it('logs out: tells the server, forgets the session and goes home', async () => {
    answer('get', '/api/users/logout', messageResponseSchema, { message: 'Logged out' });
    const page = openProfile(details());
    await page.user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(page.pathname()).toBe('/'));
    await waitFor(() => expect(sessionStore.get().isAuthenticated).toBe(false));
    expect(sent('GET', '/api/users/logout')).toHaveLength(1);
  });

  it('shows the login reminder when the session was refused', async () => {
    signInShopper('alice');
    refuse('get', '/api/users/details/:username', 403, 'Please login first.');
    renderWithApp(<ProfilePage />, { path: '/user-profile' });
    expect(await screen.findByRole('dialog', { name: 'Please login first.' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Welcome/ })).not.toBeInTheDocument();
  });
});

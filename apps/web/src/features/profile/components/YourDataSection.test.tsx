// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  accountDeletionStatusSchema,
  dataExportSchema,
  deleteAccountRequestSchema,
  messageResponseSchema,
  shopOpsMessages,
  userDetailsSchema,
  type UserDetails,
} from '@kujiya/shared';
import { signInShopper } from '../../../test/auth';
import { answer, refuse, sent } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { ProfilePage } from './ProfilePage';

const details: UserDetails = {
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
  },
  appearAsSomeone: false,
};
const pending = {
  id: 'd1',
  requestedAt: '2026-11-21T04:00:00.000Z',
  deleteAt: '2026-11-28T04:00:00.000Z',
  unitsToForfeit: 3,
};

function openProfile(deletion: typeof pending | null) {
  signInShopper('alice');
  answer('get', '/api/users/details/:username', userDetailsSchema, details);
  answer('get', '/api/users/delete-account', accountDeletionStatusSchema, { deletion });
  return renderWithApp(<ProfilePage />, { path: '/user-profile' });
}

describe('the profile\'s "Your data" (docs/rules/personal-data.md)', () => {
  const created: Blob[] = [];
  beforeEach(() => {
    created.length = 0;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:export';
    });
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('downloads the export as kujiya-data-{date}.json', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('kujiya-data-2026-11-21.json');
    });
    answer('get', '/api/users/data-export', dataExportSchema, {
      exportedAt: '2026-11-21T04:00:00.000Z',
      profile: { ...details, id: 'u1', country: 'SG', createdAt: '2026-01-01T00:00:00.000Z' },
      orders: [{ id: 'o1' }],
      draws: [],
      inventory: { held: [], history: [] },
      shipments: [],
      collections: [],
      trades: [],
      tokenLedger: [],
      notifications: [],
    });
    const page = openProfile(null);
    await page.user.click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(JSON.parse(await created[0]!.text())).toMatchObject({
      orders: [{ id: 'o1' }],
      profile: { email: 'alice@example.com' },
    });
    expect(screen.getByRole('link', { name: 'privacy notice' })).toHaveAttribute('href', '/privacy');
  });

  it('asks for the password, shows a wrong one, then the pending date with Cancel deletion', async () => {
    refuse('post', '/api/users/delete-account', 400, shopOpsMessages.wrongPassword);
    const page = openProfile(null);
    await page.user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete my account' });
    await page.user.type(within(dialog).getByLabelText('Password'), 'Wrong123!');
    await page.user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(shopOpsMessages.wrongPassword);

    answer('post', '/api/users/delete-account', accountDeletionStatusSchema, { deletion: pending });
    await page.user.clear(within(dialog).getByLabelText('Password'));
    await page.user.type(within(dialog).getByLabelText('Password'), 'Secret1!');
    await page.user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    const status = await screen.findByText(/Your account will be deleted on/);
    expect(status).toHaveTextContent('28 Nov 2026, 12:00 pm');
    expect(status).toHaveTextContent('3 items in your inventory will be forfeited');
    expect(sent('POST', '/api/users/delete-account').map((r) => deleteAccountRequestSchema.parse(r.body))).toEqual([
      { password: 'Wrong123!' },
      { password: 'Secret1!' },
    ]);
    expect(screen.queryByRole('button', { name: 'Delete my account' })).not.toBeInTheDocument();
  });

  it('cancels a pending deletion', async () => {
    answer('delete', '/api/users/delete-account', messageResponseSchema, { message: 'Deletion cancelled' });
    const page = openProfile(pending);
    await page.user.click(await screen.findByRole('button', { name: 'Cancel deletion' }));
    expect(await screen.findByRole('button', { name: 'Delete my account' })).toBeInTheDocument();
    expect(screen.queryByText(/Your account will be deleted on/)).not.toBeInTheDocument();
    expect(sent('DELETE', '/api/users/delete-account')).toHaveLength(1);
  });
});

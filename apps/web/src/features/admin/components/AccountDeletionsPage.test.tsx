// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { adminAccountDeletionsSchema } from '@kujiya/shared';
import { signInAdmin } from '../../../test/auth';
import { uuid } from '../../../test/fixtures';
import { answer, sent } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { AccountDeletionsPage } from './AccountDeletionsPage';

describe("the owner's account deletions (docs/rules/personal-data.md)", () => {
  it('lists each pending request with its date, items to forfeit and whether a parcel holds it', async () => {
    signInAdmin();
    const userId = uuid('deleting shopper');
    answer('get', '/api/admin/account-deletions', adminAccountDeletionsSchema, {
      deletions: [
        {
          id: uuid('request'),
          userId,
          username: 'alice',
          requestedAt: '2026-11-21T04:00:00.000Z',
          deleteAt: '2026-11-28T04:00:00.000Z',
          unitsToForfeit: 4,
          waitingForParcels: true,
        },
      ],
    });
    renderWithApp(<AccountDeletionsPage />, { path: '/admin/account-deletions' });
    const row = (await screen.findByRole('link', { name: 'alice' })).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'alice' })).toHaveAttribute('href', `/admin/shoppers/${userId}`);
    expect(row).toHaveTextContent('28 Nov 2026, 12:00 pm');
    expect(row).toHaveTextContent('4');
    expect(row).toHaveTextContent('Waiting for an open parcel');
    expect(sent('GET', '/api/admin/account-deletions')[0]!.bearer).toBeTruthy();
  });

  it('says when there is none', async () => {
    signInAdmin();
    answer('get', '/api/admin/account-deletions', adminAccountDeletionsSchema, { deletions: [] });
    renderWithApp(<AccountDeletionsPage />, { path: '/admin/account-deletions' });
    expect(await screen.findByText('No pending deletion requests.')).toBeInTheDocument();
  });
});

// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  messageOnlyResponseSchema,
  pickupPointResponseSchema,
  userCollectionsResponseSchema,
  userShipmentsResponseSchema,
  type SelfCollection,
} from '@kujiya/shared';
import { signInShopper } from '../../../test/auth';
import { uuid } from '../../../test/fixtures';
import { answer, refuse, sent } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { ShipmentsPage } from './ShipmentsPage';

const booked: SelfCollection = {
  _id: uuid('collection 1'),
  collectionId: 'SC-7F3A2B',
  status: 'pending',
  inventoryItems: [{ setName: 'Naruto Kuji', prizeName: 'Prize A', quantity: 2 }],
  collectionDate: '2026-12-02T06:00:00.000Z',
  collectedAt: null,
  createdAt: '2026-11-25T02:00:00.000Z',
};

/** The shopper's shipments (none) and collections; a cancel marks the collection cancelled. */
function openShipments(state?: unknown) {
  signInShopper('alice');
  let collections = [booked];
  answer('get', '/api/shipment/user/:username', userShipmentsResponseSchema, { shipments: [] });
  answer('get', '/api/self-collection/user', userCollectionsResponseSchema, () => ({ collections }));
  answer('get', '/api/settings/pickup-point', pickupPointResponseSchema, {
    pickupPoint: { address: '1 Kujiya Lane', openingNote: '', mapLink: '' },
  });
  answer('post', '/api/self-collection/:id/cancel', messageOnlyResponseSchema, () => {
    collections = collections.map((c) => ({ ...c, status: 'cancelled' as const }));
    return { message: 'Collection cancelled' };
  });
  return renderWithApp(<ShipmentsPage />, { path: '/shipments', state });
}

describe('shipments and self-collections (docs/rules/fulfilment.md)', () => {
  it('opens on the booked collection after booking, with its slot, items and pickup point', async () => {
    openShipments({ tab: 'collections', collectionBooked: booked });
    expect(screen.getByRole('tab', { name: 'Self-Collections' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('status')[0]).toHaveTextContent(
      'Self-collection scheduled successfully! Collect SC-7F3A2B on 2 Dec 2026, 2:00 pm',
    );
    const card = await screen.findByTestId('collection-card');
    expect(card).toHaveTextContent('Pending');
    expect(card).toHaveTextContent('Prize A (Naruto Kuji)× 2');
    expect(await within(card).findByTestId('pickup-point')).toHaveTextContent('1 Kujiya Lane');
  });

  it('cancels a pending collection after asking', async () => {
    const page = openShipments('collections');
    const card = await screen.findByTestId('collection-card');
    await page.user.click(within(card).getByRole('button', { name: 'Cancel Collection' }));
    await page.user.click(
      within(screen.getByRole('dialog', { name: 'Cancel Collection' })).getByRole('button', { name: 'Yes, cancel' }),
    );
    await waitFor(() => expect(screen.getByTestId('collection-card')).toHaveTextContent('Cancelled'));
    expect(sent('POST', `/api/self-collection/${booked._id}/cancel`)).toHaveLength(1);
    expect(
      within(screen.getByTestId('collection-card')).queryByRole('button', { name: 'Cancel Collection' }),
    ).not.toBeInTheDocument();
  });

  it("shows a refused cancel's reason in the dialog", async () => {
    const page = openShipments('collections');
    refuse('post', '/api/self-collection/:id/cancel', 400, 'This collection can no longer be cancelled');
    await page.user.click(
      within(await screen.findByTestId('collection-card')).getByRole('button', { name: 'Cancel Collection' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancel Collection' });
    await page.user.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This collection can no longer be cancelled');
  });

  it('says when there are no shipments yet', async () => {
    openShipments();
    expect(await screen.findByText('You have no shipments yet.')).toBeInTheDocument();
  });
});

// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  dropAlertStateSchema,
  dropRoomStatusSchema,
  favoriteProductIdsSchema,
  prizeListSchema,
  productListingSchema,
  successResponseSchema,
  type Product,
} from '@kujiya/shared';
import { signInShopper } from '../../../test/auth';
import { listing, prize, product } from '../../../test/fixtures';
import { answer, refuse, sent } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { ProductListRoute } from '../../../app/shop/ProductListRoute';

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

/** The shop's list with these sets (signed in as alice unless `signedOut`). */
function openShop(sets: Product[], options: { signedOut?: boolean } = {}) {
  if (!options.signedOut) signInShopper('alice');
  answer('get', '/api/ichiban-kuji-products', productListingSchema, listing(...sets));
  answer('get', '/api/prizes/:setId/:productId', prizeListSchema, [prize({ name: 'Prize A' })]);
  answer('get', '/api/users/favorites', favoriteProductIdsSchema, { productIds: [] });
  answer('post', '/api/analytics/event', successResponseSchema, { success: true });
  // The play popup of a set opening in an hour asks about its waiting room (not open yet).
  answer('get', '/api/drops/:setId/status', dropRoomStatusSchema, {
    position: null,
    admitted: false,
    estimatedWaitSeconds: null,
    joined: false,
    roomOpen: false,
    opensAt: inAnHour(),
    queueNumber: null,
    entrantId: null,
    admittedUntil: null,
  });
  return renderWithApp(<ProductListRoute />, { path: '/ichiban-kuji-products' });
}

describe('Notify me of a set that has not opened (docs/rules/drops.md, "Notify me")', () => {
  it('turns on from the card and off from the play popup; the server hears each, and an open set offers none', async () => {
    const upcoming = product({ name: 'Frieren Kuji', salesStartAt: inAnHour() });
    const open = product({ name: 'One Piece Kuji' });
    answer('get', '/api/drops/:setId/notify', dropAlertStateSchema, { notify: false });
    answer('post', '/api/drops/:setId/notify', dropAlertStateSchema, { notify: true });
    answer('delete', '/api/drops/:setId/notify', dropAlertStateSchema, { notify: false });
    const shop = openShop([upcoming, open]);

    const card = await screen.findByRole('article', { name: 'Frieren Kuji' });
    const toggle = await within(card).findByRole('button', { name: 'Notify me' });
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'false'));
    expect(
      within(screen.getByRole('article', { name: 'One Piece Kuji' })).queryByRole('button', { name: 'Notify me' }),
    ).toBeNull();

    await shop.user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'true'));
    expect(within(card).getByRole('status')).toHaveTextContent('We will remind you 15 min before and at the opening.');
    expect(sent('post', `/api/drops/${upcoming.setId}/notify`)).toHaveLength(1);

    await shop.user.click(within(card).getByRole('button', { name: 'Play' }));
    const popup = await screen.findByRole('dialog', { name: 'Frieren Kuji' });
    const popupToggle = within(popup).getByRole('button', { name: 'Notify me' });
    expect(popupToggle).toHaveAttribute('aria-pressed', 'true');
    await shop.user.click(popupToggle);
    await waitFor(() => expect(popupToggle).toHaveAttribute('aria-pressed', 'false'));
    expect(sent('delete', `/api/drops/${upcoming.setId}/notify`)).toHaveLength(1);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(sent('get', `/api/drops/${open.setId}/notify`)).toHaveLength(0);
  });

  it('signed out, asks to log in and sends nothing', async () => {
    const shop = openShop([product({ name: 'Frieren Kuji', salesStartAt: inAnHour() })], { signedOut: true });
    const card = await screen.findByRole('article', { name: 'Frieren Kuji' });
    await shop.user.click(within(card).getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByRole('dialog', { name: 'Please login first!' })).toBeInTheDocument();
    expect(sent().filter((request) => request.path.startsWith('/api/drops/'))).toHaveLength(0);
  });

  it('a refusal puts the toggle back and says why', async () => {
    const upcoming = product({ name: 'Frieren Kuji', salesStartAt: inAnHour() });
    answer('get', '/api/drops/:setId/notify', dropAlertStateSchema, { notify: false });
    refuse('post', '/api/drops/:setId/notify', 400, 'This set has no upcoming opening to be notified of.');
    const shop = openShop([upcoming]);
    const card = await screen.findByRole('article', { name: 'Frieren Kuji' });
    const toggle = await within(card).findByRole('button', { name: 'Notify me' });
    await shop.user.click(toggle);
    await waitFor(() =>
      expect(within(card).getByRole('status')).toHaveTextContent('This set has no upcoming opening to be notified of.'),
    );
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });

  it('goes away by itself when the set opens', async () => {
    answer('get', '/api/drops/:setId/notify', dropAlertStateSchema, { notify: true });
    openShop([product({ name: 'Frieren Kuji', salesStartAt: new Date(Date.now() + 4_000).toISOString() })]);
    const card = await screen.findByRole('article', { name: 'Frieren Kuji' });
    expect(await within(card).findByRole('button', { name: 'Notify me' })).toBeInTheDocument();
    await waitFor(() => expect(within(card).queryByRole('button', { name: 'Notify me' })).toBeNull(), {
      timeout: 10_000,
    });
  });
});

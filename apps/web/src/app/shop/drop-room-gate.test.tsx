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
  tokenBalanceResponseSchema,
  type DropRoomStatus,
} from '@kujiya/shared';
import { signInShopper } from '../../test/auth';
import { listing, prize, product } from '../../test/fixtures';
import { answer, sent } from '../../test/http';
import { renderWithApp } from '../../test/render';
import { ProductListRoute } from './ProductListRoute';

// The set opened a minute ago; its waiting room still admits (docs/rules/drops.md, "Buying").
const opensAt = new Date(Date.now() - 60_000).toISOString();
const set = product({ name: 'Drop Day Kuji', salesStartAt: opensAt });
const outside: DropRoomStatus = {
  position: null,
  admitted: false,
  estimatedWaitSeconds: null,
  joined: false,
  roomOpen: true,
  opensAt,
  queueNumber: null,
  entrantId: null,
  admittedUntil: null,
};
const waiting: DropRoomStatus = {
  ...outside,
  joined: true,
  position: 2,
  estimatedWaitSeconds: 1,
  queueNumber: 9,
  entrantId: 'e1a2b3c4-0000-4000-8000-000000000009',
};

function openShop(status: () => DropRoomStatus, sets = [set]) {
  signInShopper('alice');
  answer('get', '/api/ichiban-kuji-products', productListingSchema, listing(...sets));
  answer('get', '/api/prizes/:setId/:productId', prizeListSchema, [prize({ name: 'Prize A' })]);
  answer('get', '/api/users/favorites', favoriteProductIdsSchema, { productIds: [] });
  answer('post', '/api/analytics/event', successResponseSchema, { success: true });
  answer('get', '/api/token/balance', tokenBalanceResponseSchema, { totalTokens: 100 });
  answer('get', '/api/drops/:setId/status', dropRoomStatusSchema, status);
  return renderWithApp(<ProductListRoute />, { path: '/ichiban-kuji-products' });
}

describe('BUY and BUY OUT while the waiting room holds the shopper (docs/rules/drops.md)', () => {
  it('are unavailable with the reason until the shopper is admitted, then buy at once', async () => {
    let status = outside;
    answer('post', '/api/drops/:setId/join', dropRoomStatusSchema, () => (status = waiting));
    const shop = openShop(() => status);
    const card = await screen.findByRole('article', { name: 'Drop Day Kuji' });
    await shop.user.click(within(card).getByRole('button', { name: 'Play' }));
    const popup = await screen.findByRole('dialog', { name: 'Drop Day Kuji' });
    const buy = within(popup).getByRole('button', { name: 'BUY' });
    const buyOut = within(popup).getByRole('button', { name: 'BUY OUT' });

    // Not in the room: join first. The buttons keep focus and ignore a press.
    await waitFor(() => expect(buy).toHaveAttribute('aria-disabled', 'true'));
    expect(buy).toHaveAccessibleDescription('Join the waiting room to buy.');
    expect(buyOut).toHaveAttribute('aria-disabled', 'true');
    expect(buyOut).toHaveAccessibleDescription('Join the waiting room to buy.');
    await shop.user.click(buy);
    expect(buy).toHaveFocus();
    await shop.user.click(buyOut);
    expect(buyOut).toHaveFocus();
    expect(screen.queryByRole('dialog', { name: 'Terms and Conditions' })).toBeNull();

    // In line: wait for the turn.
    await shop.user.click(within(popup).getByRole('button', { name: 'Join the waiting room' }));
    expect(await within(popup).findByText('You are number 2 in line.')).toBeInTheDocument();
    expect(buy).toHaveAttribute('aria-disabled', 'true');
    expect(buy).toHaveAccessibleDescription('Wait for your turn in the waiting room.');
    expect(buyOut).toHaveAccessibleDescription('Wait for your turn in the waiting room.');

    // Admitted (the status poll, as the live `drop` message would): both turn on without a reload.
    status = { ...waiting, position: 0, admitted: true, estimatedWaitSeconds: 0 };
    await shop.queryClient.invalidateQueries({ queryKey: ['drop-status'] });
    expect(await within(popup).findByText("It's your turn: you may buy now.")).toBeInTheDocument();
    expect(buy).not.toHaveAttribute('aria-disabled');
    expect(buy).not.toHaveAttribute('aria-describedby');
    expect(buyOut).not.toHaveAttribute('aria-disabled');
    expect(within(popup).queryByTestId('play-gate')).toBeNull();
    await shop.user.click(buy);
    expect(await screen.findByRole('dialog', { name: 'Terms and Conditions' })).toBeInTheDocument();
    expect(sent('POST', '/api/drops/' + set.setId + '/join')).toHaveLength(1);
  });

  it('leaves BUY alone for a set whose room has closed', async () => {
    const shop = openShop(() => ({ ...outside, roomOpen: false, admitted: true }));
    const card = await screen.findByRole('article', { name: 'Drop Day Kuji' });
    await shop.user.click(within(card).getByRole('button', { name: 'Play' }));
    const popup = await screen.findByRole('dialog', { name: 'Drop Day Kuji' });
    await waitFor(() => expect(sent('GET', `/api/drops/${set.setId}/status`)).toHaveLength(1));
    expect(within(popup).getByRole('button', { name: 'BUY' })).not.toHaveAttribute('aria-disabled');
    expect(within(popup).queryByRole('region', { name: 'Waiting room' })).toBeNull();
  });

  it('asks the room again at the opening: a room nobody joined never opens, and BUY turns on then', async () => {
    const soon = new Date(Date.now() + 1_500).toISOString();
    const opening = product({ name: 'Opening Kuji', salesStartAt: soon });
    const before: DropRoomStatus = { ...outside, opensAt: soon };
    answer('get', '/api/drops/:setId/notify', dropAlertStateSchema, { notify: false });
    const shop = openShop(
      () => (Date.now() < Date.parse(soon) ? before : { ...before, roomOpen: false, admitted: true }),
      [opening],
    );
    const card = await screen.findByRole('article', { name: 'Opening Kuji' });
    await shop.user.click(within(card).getByRole('button', { name: 'Play' }));
    const popup = await screen.findByRole('dialog', { name: 'Opening Kuji' });
    const buy = within(popup).getByRole('button', { name: 'BUY' });
    expect(buy).toHaveAttribute('aria-disabled', 'true');
    // Well before the next poll (30 s for a shopper outside the room).
    await waitFor(() => expect(buy).not.toHaveAttribute('aria-disabled'), { timeout: 10_000 });
    expect(sent('GET', `/api/drops/${opening.setId}/status`).length).toBeGreaterThanOrEqual(2);
  }, 20_000);
});

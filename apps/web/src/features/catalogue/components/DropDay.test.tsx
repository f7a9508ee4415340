// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { prizeListSchema, productListingSchema, successResponseSchema, type Product } from '@kujiya/shared';
import { product } from '../../../test/fixtures';
import { answer } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import type { ShopperActions } from '../shopper-actions';
import { ProductListPage } from './ProductListPage';

function openList(listed: Product) {
  const actions: ShopperActions = {
    buy: vi.fn(),
    buyOut: vi.fn(),
    toggleFavourite: vi.fn(),
    isFavourite: () => false,
    signedIn: true,
    busy: false,
    dialogs: null,
  };
  answer('get', '/api/ichiban-kuji-products', productListingSchema, {
    all: [listed],
    newProducts: [listed],
    promotions: [],
    chance: [],
  });
  answer('get', `/api/prizes/${listed.setId}/${listed.productId}`, prizeListSchema, []);
  answer('post', '/api/analytics/event', successResponseSchema, { success: true });
  const page = renderWithApp(<ProductListPage actions={actions} />, { path: '/ichiban-kuji-products' });
  return { page, actions };
}

async function openPlay(page: ReturnType<typeof renderWithApp>, name: string) {
  const card = await screen.findByRole('article', { name });
  await page.user.click(within(card).getByRole('button', { name: 'Play' }));
  return screen.findByRole('dialog', { name });
}

describe('drop day on the shop (docs/rules/drops.md)', () => {
  it('lists a set before its opening with the time and a countdown; BUY and BUY OUT wait, then open live', async () => {
    const opensAt = new Date(Date.now() + 6000);
    const scheduled = product({ name: 'Frieren Kuji', salesStartAt: opensAt.toISOString() });
    const { page, actions } = openList(scheduled);
    const card = await screen.findByRole('article', { name: 'Frieren Kuji' });
    expect(within(card).getByTestId('opening')).toHaveTextContent(
      /^Opens \w{3}, \d+ \w{3} \d{4}, \d+:\d\d [ap]m \(in 00:00:0\d\)$/,
    );

    const dialog = await openPlay(page, 'Frieren Kuji');
    const buy = within(dialog).getByRole('button', { name: 'BUY' });
    const buyOut = within(dialog).getByRole('button', { name: 'BUY OUT' });
    expect(buy).toHaveAttribute('aria-disabled', 'true');
    expect(buyOut).toHaveAttribute('aria-disabled', 'true');
    expect(buy).toHaveAccessibleDescription(/^Opens /);
    await page.user.click(buy);
    await page.user.click(buyOut);
    expect(actions.buy).not.toHaveBeenCalled();
    expect(actions.buyOut).not.toHaveBeenCalled();

    // At the opening the buttons turn on without a reload.
    await vi.waitFor(() => expect(buy).not.toHaveAttribute('aria-disabled'), { timeout: 20_000 });
    expect(within(dialog).queryByTestId('opening')).not.toBeInTheDocument();
    await page.user.click(buy);
    expect(actions.buy).toHaveBeenCalledWith(expect.objectContaining({ setId: scheduled.setId }), 1);
  });

  it('keeps the quantity picker and BUY OUT within the per-order limit, and says why', async () => {
    const limited = product({
      name: 'Limited Kuji',
      quantity: '20/50',
      maxTicketsPerOrder: 3,
      maxTicketsPerShopper: 5,
    });
    const { page, actions } = openList(limited);
    const dialog = await openPlay(page, 'Limited Kuji');
    expect(within(dialog).getByTestId('play-limit')).toHaveTextContent(
      'At most 3 tickets per order for this set. BUY OUT would take all 20 tickets left, so it is not available.',
    );
    const more = within(dialog).getByRole('button', { name: 'More tickets' });
    for (let i = 0; i < 5; i += 1) await page.user.click(more);
    expect(within(dialog).getByRole('textbox', { name: 'Ticket quantity' })).toHaveValue('3');
    expect(more).toHaveAttribute('aria-disabled', 'true');
    const buyOut = within(dialog).getByRole('button', { name: 'BUY OUT' });
    expect(buyOut).toHaveAttribute('aria-disabled', 'true');
    expect(buyOut).toHaveAccessibleDescription(/At most 3 tickets per order/);
    await page.user.click(buyOut);
    expect(actions.buyOut).not.toHaveBeenCalled();
    await page.user.click(within(dialog).getByRole('button', { name: 'BUY' }));
    expect(actions.buy).toHaveBeenCalledWith(expect.objectContaining({ setId: limited.setId }), 3);
  });
});

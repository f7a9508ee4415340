// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { productListingSchema, successResponseSchema } from '@kujiya/shared';
import { product } from '../../../test/fixtures';
import { answer } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import type { ShopperActions } from '../shopper-actions';
import { ProductListPage } from './ProductListPage';

const naruto = product({ name: 'Naruto Kuji', tags: ['Naruto'] });
const onePiece = product({ name: 'One Piece Kuji', tags: ['One Piece'], preorder: true, arrival: 'Late March 2027' });
const promoted = product({
  name: 'Bleach Kuji',
  tags: ['Bleach'],
  promotion: { type: 'BUY_X_GET_Y_FREE', details: { requiredQuantity: 3, freeQuantity: 1 } },
});

function actions(): ShopperActions {
  return {
    buy: vi.fn(),
    buyOut: vi.fn(),
    toggleFavourite: vi.fn(),
    isFavourite: () => false,
    signedIn: false,
    busy: false,
    dialogs: null,
  };
}

function openList() {
  answer('get', '/api/ichiban-kuji-products', productListingSchema, {
    all: [naruto, onePiece, promoted],
    newProducts: [naruto, onePiece],
    promotions: [promoted],
    chance: [],
  });
  answer('post', '/api/analytics/event', successResponseSchema, { success: true });
  return renderWithApp(<ProductListPage actions={actions()} />, { path: '/ichiban-kuji-products' });
}

const cardNames = () => screen.queryAllByRole('article').map((card) => card.getAttribute('aria-label'));

describe('the Ichiban Kuji list (docs/rules/catalogue.md)', () => {
  it('splits a tab into Preorder and Instock rows and filters by anime', async () => {
    const page = openList();
    await screen.findByRole('article', { name: 'Naruto Kuji' });
    expect(screen.getByRole('tab', { name: 'New' })).toHaveAttribute('aria-selected', 'true');
    const preorderRow = screen.getByRole('heading', { name: 'Preorder' }).closest('section')!;
    expect(within(preorderRow).getByRole('article', { name: 'One Piece Kuji' })).toBeInTheDocument();
    expect(cardNames()).toEqual(['One Piece Kuji', 'Naruto Kuji']);

    await page.user.selectOptions(screen.getByRole('combobox', { name: 'Filter by Anime' }), 'Naruto');
    expect(cardNames()).toEqual(['Naruto Kuji']);
    expect(screen.getByText('There are no products in this section')).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem('listView')!)).toMatchObject({ anime: 'Naruto' });
  });

  it('shows the Promotions tab and moves between tabs with the arrow keys', async () => {
    const page = openList();
    await screen.findByRole('article', { name: 'Naruto Kuji' });
    await page.user.click(screen.getByRole('tab', { name: 'Promotions' }));
    expect(cardNames()).toEqual(['Bleach Kuji']);
    await page.user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Chance' })).toHaveAttribute('aria-selected', 'true');
    expect(cardNames()).toEqual([]);
  });

  it('explains preorders from the Preorder row', async () => {
    const page = openList();
    await page.user.click(await screen.findByRole('button', { name: 'About preorders' }));
    const info = screen.getByRole('dialog', { name: 'Preorder' });
    expect(info).toHaveTextContent('You will receive an email notification when your preordered items have arrived');
    await page.user.click(within(info).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { favoriteProductIdsSchema, favoriteStateSchema } from '@kujiya/shared';
import { FavouriteHeart } from '../../../components/FavouriteHeart';
import { signInShopper } from '../../../test/auth';
import { product } from '../../../test/fixtures';
import { answer, refuse, sent } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { useFavouriteToggle } from './use-favourite-toggle';
import { useIsFavourite } from './use-is-favourite';

const set = product({ name: 'Naruto Kuji' });

/** A heart as the list shows it, wired to the favourites feature. */
function Heart() {
  const favourite = useFavouriteToggle();
  const isFavourite = useIsFavourite();
  return (
    <>
      <FavouriteHeart product={set} favourite={isFavourite(set)} className="heart" onToggle={favourite.toggle} />
      {favourite.dialogs}
    </>
  );
}

const heart = () => screen.getByRole('button', { name: 'Favourite Naruto Kuji' });
// The confirmation is a popover (FavouriteConfirmation.tsx), which jsdom never shows: found by its test id.
const confirmation = () => screen.getByTestId('favourite-popup');

describe('the favourite heart (docs/rules/catalogue.md)', () => {
  it('fills at once, says so, and adds then removes the set on the server', async () => {
    signInShopper('alice');
    // The server's list follows what was added and removed.
    const favourites = new Set<string>();
    answer('get', '/api/users/favorites', favoriteProductIdsSchema, () => ({ productIds: [...favourites] }));
    answer('post', '/api/users/favorites/:setId', favoriteStateSchema, () => {
      favourites.add(set.productId);
      return { isFavorite: true };
    });
    answer('delete', '/api/users/favorites/:setId', favoriteStateSchema, () => {
      favourites.delete(set.productId);
      return { isFavorite: false };
    });
    const page = renderWithApp(<Heart />);
    await waitFor(() => expect(sent('GET', '/api/users/favorites')).toHaveLength(1));
    expect(heart()).toHaveAttribute('aria-pressed', 'false');

    await page.user.click(heart());
    await waitFor(() => expect(heart()).toHaveAttribute('aria-pressed', 'true'));
    expect(confirmation()).toHaveTextContent('Added to favourites!');
    await waitFor(() => expect(sent('GET', '/api/users/favorites')).toHaveLength(2));
    expect(sent('POST', `/api/users/favorites/${set.setId}`)).toHaveLength(1);
    expect(heart()).toHaveAttribute('aria-pressed', 'true');

    await page.user.click(heart());
    await waitFor(() => expect(heart()).toHaveAttribute('aria-pressed', 'false'));
    expect(confirmation()).toHaveTextContent('Removed from favourites!');
    await waitFor(() => expect(sent('DELETE', `/api/users/favorites/${set.setId}`)).toHaveLength(1));
  });

  it('puts the heart back and asks to log in again when the server refuses the session', async () => {
    signInShopper('alice');
    answer('get', '/api/users/favorites', favoriteProductIdsSchema, { productIds: [] });
    refuse('post', '/api/users/favorites/:setId', 403, 'Please login first.');
    const page = renderWithApp(<Heart />);
    await waitFor(() => expect(sent('GET', '/api/users/favorites')).toHaveLength(1));
    await page.user.click(heart());
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(heart()).toHaveAttribute('aria-pressed', 'false');
  });
});

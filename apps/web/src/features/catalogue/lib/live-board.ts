import type { LiveBoardMessage, Prize, Product, ProductListing } from '@kujiya/shared';

/**
 * A live board applied to what the page holds (docs/rules/drops.md, "Live board"): the set's
 * "left/total" in every list of the listing, and each prize's "remaining/initial". The same objects
 * come back when nothing changed, so nothing re-renders for a board that moved nothing.
 */
export function listingWithBoard(listing: ProductListing, board: LiveBoardMessage): ProductListing {
  const quantity = `${board.left}/${board.total}`;
  let changed = false;
  const update = (products: Product[]) => {
    if (!products.some((p) => p.setId === board.setId && p.quantity !== quantity)) return products;
    changed = true;
    return products.map((p) => (p.setId === board.setId ? { ...p, quantity } : p));
  };
  const next = {
    all: update(listing.all),
    newProducts: update(listing.newProducts),
    promotions: update(listing.promotions),
    chance: update(listing.chance),
  };
  return changed ? next : listing;
}

export function prizesWithBoard(prizes: Prize[], board: LiveBoardMessage): Prize[] {
  const remaining = new Map(board.prizes.map((p) => [p.id, p.remaining]));
  let changed = false;
  const next = prizes.map((prize) => {
    const left = remaining.get(prize.id);
    const initial = prize.quantity.split('/')[1];
    if (left === undefined || initial === undefined) return prize;
    const quantity = `${left}/${initial}`;
    if (quantity === prize.quantity) return prize;
    changed = true;
    return { ...prize, quantity };
  });
  return changed ? next : prizes;
}

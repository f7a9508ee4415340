import { describe, expect, it } from 'vitest';
import type { ProductWithPrizes } from '@kujiya/shared';
import { matchingSets, wantedQuantity, withWanted } from './wanted-prizes';

const set = (name: string): ProductWithPrizes => ({
  _id: name,
  name,
  image: '',
  preorder: false,
  arrival: null,
  prizes: [{ _id: `${name}-A`, name: 'Prize A', description: '', image: '', type: 'Big' }],
});
const sets = [set('One Piece Film Red'), set('Dragon Ball Super'), set('Chainsaw Man')];

describe('wanted prize picker', () => {
  it('finds sets by a fuzzy set name and nothing for an empty search', () => {
    expect(matchingSets(sets, '')).toEqual([]);
    expect(matchingSets(sets, 'dragon bal').map((s) => s.name)).toEqual(['Dragon Ball Super']);
    expect(matchingSets(sets, 'one pece').map((s) => s.name)).toContain('One Piece Film Red');
    expect(matchingSets(sets, 'zzzzzz')).toEqual([]);
  });

  it('sets, replaces and removes a wanted quantity', () => {
    const product = sets[0]!;
    const prize = product.prizes[0]!;
    let wanted = withWanted([], product, prize, 2);
    expect(wantedQuantity(wanted, prize._id)).toBe(2);
    wanted = withWanted(wanted, product, prize, 3);
    expect(wanted).toHaveLength(1);
    expect(wanted[0]).toMatchObject({ productId: product._id, prizeId: prize._id, quantity: 3 });
    expect(withWanted(wanted, product, prize, 0)).toEqual([]);
    expect(withWanted(wanted, product, prize, -5)).toEqual([]);
  });
});

import { doubleChancePrizeOf, lastPrizeOf, prizeDescription, type DemoSet } from '../catalogue-data.ts';
import { productArt } from './product-art.ts';
import { prizeArt } from './prize-art.ts';

export interface SetArtwork {
  product: string;
  /** Letter prizes in order (A, B, ...). */
  letters: string[];
  last: string;
  double: string | null;
}

export const letterOf = (index: number) => String.fromCharCode(65 + index);

/** Every SVG of a demo set, deterministic for the same set. */
export function artworkOf(set: DemoSet): SetArtwork {
  const { species, palette } = set.series;
  return {
    product: productArt({ series: set.series.name, title: set.title, species, palette }),
    letters: set.prizes.map((prize, i) =>
      prizeArt({
        rank: letterOf(i),
        item: prize.item,
        caption: prizeDescription(set, prize).replace(/ (Figure|Plush|Keychain|Acrylic Stand|Art Board)$/, ''),
        species,
        palette,
      }),
    ),
    last: prizeArt({ rank: 'LAST', item: 'figure', caption: lastPrizeOf(set).caption, species, palette }),
    double: set.doubleChance
      ? prizeArt({ rank: 'DOUBLE', item: 'artboard', caption: doubleChancePrizeOf(set).caption, species, palette })
      : null,
  };
}

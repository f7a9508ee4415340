import { mascot, mascotHead, type Palette, type Species } from './mascot.ts';
import { escapeXml, rays, seededRandom, sparkleField, star, twoLines } from './svg.ts';

export type PrizeItem = 'figure' | 'plush' | 'keychain' | 'acrylic' | 'artboard';
/** A letter 'A'..'H', 'LAST', or 'DOUBLE' (double-chance prizes). */
export type PrizeRank = string;

export interface PrizeArtInput {
  rank: PrizeRank;
  item: PrizeItem;
  /** Short caption under the item, e.g. the character's name. */
  caption: string;
  species: Species;
  palette: Palette;
}

interface Frame {
  stops: [string, string, string];
  ink: string;
  label: string;
}

/** Rank colours (docs/rules/catalogue.md): gold A-C, silver D-F, bronze otherwise; Last and Double have their own. */
export function frameOf(rank: PrizeRank): Frame {
  if (rank === 'LAST') return { stops: ['#ffe66d', '#ff5fa2', '#6a3cff'], ink: '#2a0b4d', label: 'LAST PRIZE' };
  if (rank === 'DOUBLE') return { stops: ['#d9fff2', '#3fd6b0', '#0f7f86'], ink: '#053c40', label: 'DOUBLE CHANCE' };
  const label = `PRIZE ${rank}`;
  if ('ABC'.includes(rank)) return { stops: ['#fff6c8', '#f7cf4a', '#c8901a'], ink: '#6b4300', label };
  if ('DEF'.includes(rank)) return { stops: ['#ffffff', '#d4dae3', '#8e99ab'], ink: '#3d4656', label };
  return { stops: ['#ffe1c4', '#d98f52', '#93522a'], ink: '#4d2610', label };
}

const ITEM_LABEL: Record<PrizeItem, string> = {
  figure: 'FIGURE',
  plush: 'PLUSH',
  keychain: 'KEYCHAIN',
  acrylic: 'ACRYLIC STAND',
  artboard: 'ART BOARD',
};

/** The item drawn in the card's window, centred around (200, 232). */
function item(kind: PrizeItem, species: Species, p: Palette): string {
  switch (kind) {
    case 'figure':
      return `<ellipse cx="200" cy="352" rx="96" ry="20" fill="${p.ink}" opacity="0.85"/>
<ellipse cx="200" cy="346" rx="96" ry="18" fill="${p.outfit}"/>
<ellipse cx="200" cy="342" rx="80" ry="11" fill="#fff" opacity="0.35"/>
<g transform="translate(200 214) scale(0.6)">${mascot(species, p)}</g>`;
    case 'plush':
      return `<ellipse cx="200" cy="352" rx="92" ry="12" fill="${p.ink}" opacity="0.18"/>
<g transform="translate(200 222) scale(0.62)">${mascot(species, p, 'happy')}</g>
<g transform="translate(262 300) rotate(12)"><rect x="-16" y="-20" width="32" height="40" rx="6" fill="#fff" stroke="${p.ink}" stroke-width="3"/><path d="M0 8 C-14 -2 -8 -14 0 -6 C8 -14 14 -2 0 8Z" fill="#ff5f8f"/></g>`;
    case 'keychain':
      return `<circle cx="200" cy="112" r="22" fill="none" stroke="#7f8a99" stroke-width="8"/>
<circle cx="200" cy="112" r="22" fill="none" stroke="#e9eef5" stroke-width="3"/>
<ellipse cx="200" cy="146" rx="7" ry="11" fill="none" stroke="#7f8a99" stroke-width="5"/>
<ellipse cx="200" cy="164" rx="7" ry="11" fill="none" stroke="#7f8a99" stroke-width="5"/>
<circle cx="200" cy="268" r="96" fill="#fff" opacity="0.9" stroke="${p.ink}" stroke-width="4"/>
<circle cx="200" cy="180" r="8" fill="#fff" stroke="${p.ink}" stroke-width="3"/>
<g transform="translate(200 288) scale(0.56)">${mascotHead(species, p)}</g>`;
    case 'acrylic':
      return `<rect x="106" y="98" width="188" height="250" rx="28" fill="#fff" opacity="0.42" stroke="#fff" stroke-width="5"/>
<g transform="translate(200 196) scale(0.52)">${mascot(species, p)}</g>
<path d="M120 112 L160 112 L120 170 Z" fill="#fff" opacity="0.5"/>
<rect x="112" y="340" width="176" height="24" rx="9" fill="#fff" opacity="0.75" stroke="${p.ink}" stroke-width="3"/>`;
    case 'artboard':
      return `<rect x="84" y="106" width="232" height="236" rx="6" fill="${p.ink}"/>
<rect x="96" y="118" width="208" height="212" fill="${p.background[0]}"/>
<g transform="translate(200 206) scale(0.5)">${mascot(species, p, 'happy')}</g>
<path d="M270 300 q10 -24 24 -10" stroke="${p.ink}" stroke-width="4" fill="none" stroke-linecap="round"/>`;
  }
}

/** A prize card: 400x500, rank-coloured frame, the item in a window, its label and caption. */
export function prizeArt(input: PrizeArtInput): string {
  const frame = frameOf(input.rank);
  const { palette: p } = input;
  const random = seededRandom(`${input.rank}|${input.caption}|${input.item}`);
  const caption = twoLines(input.caption, 22);
  const captionSize = caption.length === 1 ? 24 : 21;
  const crown =
    input.rank === 'LAST'
      ? `<path d="M150 34 L166 6 L184 28 L200 0 L216 28 L234 6 L250 34 Z" fill="#ffe66d" stroke="${frame.ink}" stroke-width="4" stroke-linejoin="round"/>`
      : '';
  const headerY = input.rank === 'LAST' ? 66 : 58;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 500" width="400" height="500" font-family="'Arial Rounded MT Bold','Trebuchet MS','Segoe UI',Arial,sans-serif">
<defs>
<linearGradient id="card" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${frame.stops[0]}"/><stop offset="0.5" stop-color="${frame.stops[1]}"/><stop offset="1" stop-color="${frame.stops[2]}"/></linearGradient>
<linearGradient id="window" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.background[0]}"/><stop offset="1" stop-color="${p.background[1]}"/></linearGradient>
<linearGradient id="shine" x1="0" y1="0" x2="1" y2="1"><stop offset="0.35" stop-color="#fff" stop-opacity="0"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.45"/><stop offset="0.65" stop-color="#fff" stop-opacity="0"/></linearGradient>
<clipPath id="windowClip"><rect x="30" y="84" width="340" height="292" rx="20"/></clipPath>
</defs>
<rect width="400" height="500" rx="30" fill="url(#card)"/>
<rect x="10" y="10" width="380" height="480" rx="24" fill="none" stroke="#fff" stroke-opacity="0.75" stroke-width="3"/>
${crown}
<text x="200" y="${headerY}" font-size="${frame.label.length > 10 ? 32 : 38}" font-weight="900" text-anchor="middle" fill="#fff" stroke="${frame.ink}" stroke-width="7" paint-order="stroke" letter-spacing="2">${frame.label}</text>
<g clip-path="url(#windowClip)">
<rect x="30" y="84" width="340" height="292" fill="url(#window)"/>
${rays(200, 230, 360, 16, '#fff', 0.18)}
${sparkleField(random, 9, { x: 40, y: 92, width: 320, height: 270 }, ['#fff', p.accent], [6, 14])}
${item(input.item, input.species, p)}
</g>
<rect x="30" y="84" width="340" height="292" rx="20" fill="none" stroke="${frame.ink}" stroke-width="4"/>
<rect x="112" y="362" width="176" height="32" rx="16" fill="${frame.ink}"/>
<text x="200" y="384" font-size="16" font-weight="900" text-anchor="middle" fill="#fff" letter-spacing="2">${ITEM_LABEL[input.item]}</text>
${caption
  .map(
    (line, i) =>
      `<text x="200" y="${(caption.length === 1 ? 438 : 424) + i * (captionSize + 6)}" font-size="${captionSize}" font-weight="800" text-anchor="middle" fill="${frame.ink}">${escapeXml(line)}</text>`,
  )
  .join('')}
${star(38, 38, 14, '#fff', 'opacity="0.9"')}${star(362, 462, 12, '#fff', 'opacity="0.8"')}
<rect width="400" height="500" rx="30" fill="url(#shine)"/>
</svg>
`;
}

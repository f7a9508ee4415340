import { mascot, type Palette, type Species } from './mascot.ts';
import { escapeXml, n, rays, seededRandom, sparkleField, twoLines } from './svg.ts';

export interface ProductArtInput {
  /** The anime the set belongs to (small line). */
  series: string;
  /** The set's own title (big line). */
  title: string;
  species: Species;
  palette: Palette;
}

function polkaDots(width: number, height: number, gap: number, fill: string): string {
  let out = '';
  for (let y = gap / 2, row = 0; y < height; y += gap, row++) {
    for (let x = (row % 2) * (gap / 2); x < width + gap; x += gap) out += `<circle cx="${n(x)}" cy="${n(y)}" r="3.2"/>`;
  }
  return `<g fill="${fill}" opacity="0.16">${out}</g>`;
}

/** The set's box art: 640x480, gradient, sunburst, mascot, sparkles and the set's name on a ribbon. */
export function productArt(input: ProductArtInput): string {
  const random = seededRandom(`${input.series}|${input.title}`);
  // Each set of one anime gets its own look: outfit colour, expression and light direction.
  const p = { ...input.palette, outfit: random() < 0.5 ? input.palette.outfit : input.palette.eye };
  const mood = random() < 0.5 ? 'happy' : 'sparkle';
  const [gx1, gy1, gx2, gy2] = random() < 0.5 ? [0, 0, 1, 1] : [1, 0, 0, 1];
  const W = 640;
  const H = 480;
  const lines = twoLines(input.title, 22);
  const longest = Math.max(...lines.map((l) => l.length));
  const titleSize = Math.min(lines.length === 1 ? 46 : 36, Math.floor(580 / (longest * 0.6)));
  const ribbonTop = lines.length === 1 ? 370 : 342;
  const titleY = lines.length === 1 ? [448] : [420, 420 + titleSize + 4];
  const title = lines
    .map(
      (line, i) =>
        `<text x="${W / 2}" y="${titleY[i]}" font-size="${titleSize}" font-weight="900" text-anchor="middle" fill="#fff" stroke="${p.ink}" stroke-width="6" paint-order="stroke" letter-spacing="0.5">${escapeXml(line)}</text>`,
    )
    .join('');
  const mascotY = ribbonTop - 165;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" font-family="'Arial Rounded MT Bold','Trebuchet MS','Segoe UI',Arial,sans-serif">
<defs>
<linearGradient id="bg" x1="${gx1}" y1="${gy1}" x2="${gx2}" y2="${gy2}"><stop offset="0" stop-color="${p.background[0]}"/><stop offset="0.55" stop-color="${p.background[1]}"/><stop offset="1" stop-color="${p.background[2]}"/></linearGradient>
<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff" stop-opacity="0.85"/><stop offset="0.6" stop-color="#fff" stop-opacity="0.25"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
<linearGradient id="ribbon" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.ink}" stop-opacity="0.72"/><stop offset="1" stop-color="${p.ink}" stop-opacity="0.92"/></linearGradient>
</defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
${polkaDots(W, H, 34, '#fff')}
${rays(W / 2, mascotY, 700, 20, '#fff', 0.13)}
<circle cx="${W / 2}" cy="${mascotY}" r="210" fill="url(#glow)"/>
${sparkleField(random, 16, { x: 10, y: 60, width: W - 20, height: ribbonTop - 70 }, ['#fff', p.accent, '#fff'], [7, 20])}
<g transform="translate(${W / 2} ${mascotY}) scale(0.76)">${mascot(input.species, p, mood)}</g>
<rect x="0" y="${ribbonTop}" width="${W}" height="${H - ribbonTop}" fill="url(#ribbon)"/>
<rect x="0" y="${ribbonTop}" width="${W}" height="6" fill="${p.accent}"/>
<text x="${W / 2}" y="${ribbonTop + 34}" font-size="19" font-weight="700" text-anchor="middle" fill="${p.accent}" letter-spacing="4">${escapeXml(input.series.toUpperCase())}</text>
${title}
<rect x="18" y="16" width="178" height="38" rx="19" fill="${p.ink}" opacity="0.82"/>
<text x="107" y="42" font-size="18" font-weight="900" text-anchor="middle" fill="#fff" letter-spacing="2.5">ICHIBAN KUJI</text>
</svg>
`;
}

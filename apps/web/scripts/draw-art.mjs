// Vector artwork of the draw page, written as SVG text (no downloads, no rasteriser needed).
// The ticket sprite sheet: 72 frames of FRAME_W x FRAME_H in a grid of SHEET_COLS columns.

export const FRAMES = 72;
export const FINAL_EFFECT_FRAMES = 30;
export const FRAME_W = 240;
export const FRAME_H = 360;
export const SHEET_COLS = 12;
export const SHEET_ROWS = Math.ceil(FRAMES / SHEET_COLS);

const TEAR_Y = 58; // the perforation under the tear strip
const TEAR_FRAMES = FRAMES - FINAL_EFFECT_FRAMES; // frames 0..41 tear the strip, 42..71 open the ticket
const r = (n) => Math.round(n * 10) / 10;

/** A zig-zag edge down the strip at x, from y=0 to TEAR_Y (the torn paper). */
function zigzag(x, dir) {
  const points = [];
  for (let y = 0, i = 0; y <= TEAR_Y; y += 7.25, i++) points.push(`${r(x + (i % 2 ? 4 : -4) * dir)},${r(y)}`);
  return points;
}

const defs = `<defs>
  <linearGradient id="paper" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#ff6f98"/><stop offset="0.55" stop-color="#ff4f86"/><stop offset="1" stop-color="#d93a73"/>
  </linearGradient>
  <linearGradient id="stripPaper" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#ffd54a"/><stop offset="1" stop-color="#ffb300"/>
  </linearGradient>
  <radialGradient id="glow" cx="0.5" cy="0.55" r="0.6">
    <stop offset="0" stop-color="#fffbe6"/><stop offset="0.45" stop-color="#ffe9a8"/><stop offset="1" stop-color="#ffc86b"/>
  </radialGradient>
  <pattern id="dots" width="22" height="22" patternUnits="userSpaceOnUse">
    <circle cx="5" cy="5" r="2.4" fill="#fff" fill-opacity="0.22"/><circle cx="16" cy="16" r="1.6" fill="#fff" fill-opacity="0.18"/>
  </pattern>
  <g id="inside">
    <rect x="6" y="${TEAR_Y}" width="${FRAME_W - 12}" height="${FRAME_H - TEAR_Y - 6}" rx="14" fill="url(#glow)"/>
    <g fill="#fff" fill-opacity="0.75">${Array.from({ length: 12 }, (_, i) => {
      const a = (i / 12) * Math.PI * 2;
      const cx = FRAME_W / 2;
      const cy = TEAR_Y + (FRAME_H - TEAR_Y) / 2;
      return `<path d="M${cx},${cy} L${r(cx + Math.cos(a - 0.09) * 170)},${r(cy + Math.sin(a - 0.09) * 170)} L${r(cx + Math.cos(a + 0.09) * 170)},${r(cy + Math.sin(a + 0.09) * 170)}Z"/>`;
    }).join('')}</g>
  </g>
  <g id="body">
    <rect x="6" y="${TEAR_Y}" width="${FRAME_W - 12}" height="${FRAME_H - TEAR_Y - 6}" rx="14" fill="url(#paper)"/>
    <rect x="6" y="${TEAR_Y}" width="${FRAME_W - 12}" height="${FRAME_H - TEAR_Y - 6}" rx="14" fill="url(#dots)"/>
    <rect x="18" y="${TEAR_Y + 12}" width="${FRAME_W - 36}" height="${FRAME_H - TEAR_Y - 30}" rx="10" fill="none" stroke="#fff" stroke-opacity="0.55" stroke-width="3" stroke-dasharray="2 7" stroke-linecap="round"/>
    <circle cx="${FRAME_W / 2}" cy="${TEAR_Y + 120}" r="56" fill="#fff" fill-opacity="0.92"/>
    <text x="${FRAME_W / 2}" y="${TEAR_Y + 138}" text-anchor="middle" font-family="Arial Black, Arial, sans-serif" font-weight="900" font-size="50" fill="#e63c79">?</text>
    <text x="${FRAME_W / 2}" y="${TEAR_Y + 225}" text-anchor="middle" font-family="Arial, sans-serif" font-weight="900" font-size="34" letter-spacing="4" fill="#fff">KUJI</text>
    <text x="${FRAME_W / 2}" y="${TEAR_Y + 252}" text-anchor="middle" font-family="Arial, sans-serif" font-weight="700" font-size="13" letter-spacing="3" fill="#fff" fill-opacity="0.85">KUJIYA LUCKY TICKET</text>
  </g>
  <g id="strip">
    <path d="M6,${TEAR_Y} V20 a14,14 0 0 1 14,-14 H${FRAME_W - 20} a14,14 0 0 1 14,14 V${TEAR_Y} Z" fill="url(#stripPaper)"/>
    <text x="${FRAME_W / 2}" y="${TEAR_Y / 2 + 9}" text-anchor="middle" font-family="Arial, sans-serif" font-weight="900" font-size="20" letter-spacing="3" fill="#7a4a00">TEAR ›››</text>
    <line x1="10" y1="${TEAR_Y - 1}" x2="${FRAME_W - 10}" y2="${TEAR_Y - 1}" stroke="#7a4a00" stroke-opacity="0.5" stroke-width="2" stroke-dasharray="5 5"/>
  </g>
</defs>`;

/** One frame's drawing, in frame coordinates. */
function frame(f) {
  const id = `f${f}`;
  if (f < TEAR_FRAMES) {
    const t = f / (TEAR_FRAMES - 1);
    const x = 6 + t * (FRAME_W - 12);
    const kept = [`${FRAME_W},0`, ...zigzag(x, 1), `${FRAME_W},${TEAR_Y}`];
    const torn = [`0,0`, ...zigzag(x, 1), `0,${TEAR_Y}`].reverse();
    // The torn-off part lifts and curls away from the tear point as the tear runs right.
    const lift = r(-t * 26);
    const angle = r(-t * 14);
    return `<clipPath id="${id}k"><polygon points="${kept.join(' ')}"/></clipPath><clipPath id="${id}t"><polygon points="${torn.join(' ')}"/></clipPath>
<use href="#body"/><use href="#strip" clip-path="url(#${id}k)"/>
<g transform="translate(0 ${lift}) rotate(${angle} ${r(x)} ${TEAR_Y})" opacity="${r(1 - t * 0.35)}"><use href="#strip" clip-path="url(#${id}t)"/></g>`;
  }
  // Opening: the cover slides down and tips away, uncovering the glowing inside.
  const u = (f - TEAR_FRAMES) / (FINAL_EFFECT_FRAMES - 1);
  const ease = u * u * (3 - 2 * u);
  const drop = r(ease * (FRAME_H + 40));
  const tilt = r(ease * 12);
  return `<use href="#inside" opacity="${r(0.35 + 0.65 * ease)}"/>
<g transform="translate(0 ${drop}) rotate(${tilt} ${FRAME_W / 2} ${FRAME_H})" opacity="${r(1 - ease * 0.4)}"><use href="#body"/></g>`;
}

export function ticketSpriteSvg() {
  const width = FRAME_W * SHEET_COLS;
  const height = FRAME_H * SHEET_ROWS;
  const frames = Array.from({ length: FRAMES }, (_, f) => {
    const col = f % SHEET_COLS;
    const row = Math.floor(f / SHEET_COLS);
    return `<g transform="translate(${col * FRAME_W} ${row * FRAME_H})"><svg width="${FRAME_W}" height="${FRAME_H}" overflow="hidden">${frame(f)}</svg></g>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" data-frames="${FRAMES}">\n${defs}\n${frames.join('\n')}\n</svg>\n`;
}

/** The burst shown over the ticket in the last 30 frames (animated by CSS transforms). */
export function tearEffectSvg() {
  const rays = Array.from({ length: 16 }, (_, i) => {
    const a = (i / 16) * Math.PI * 2;
    const len = i % 2 ? 150 : 190;
    return `<path d="M200,200 L${r(200 + Math.cos(a - 0.07) * len)},${r(200 + Math.sin(a - 0.07) * len)} L${r(200 + Math.cos(a + 0.07) * len)},${r(200 + Math.sin(a + 0.07) * len)}Z"/>`;
  }).join('');
  const sparkles = Array.from({ length: 14 }, (_, i) => {
    const a = (i / 14) * Math.PI * 2 + 0.3;
    const d = 120 + (i % 3) * 25;
    const s = 7 + (i % 4) * 3;
    const x = r(200 + Math.cos(a) * d);
    const y = r(200 + Math.sin(a) * d);
    return `<path transform="translate(${x} ${y})" d="M0,${-s} L${r(s * 0.3)},${r(-s * 0.3)} L${s},0 L${r(s * 0.3)},${r(s * 0.3)} L0,${s} L${r(-s * 0.3)},${r(s * 0.3)} L${-s},0 L${r(-s * 0.3)},${r(-s * 0.3)}Z" fill="${['#fff', '#ffe066', '#ff8fb3'][i % 3]}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
<defs><radialGradient id="g" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff8d6" stop-opacity="0.95"/><stop offset="0.5" stop-color="#ffd54a" stop-opacity="0.45"/><stop offset="1" stop-color="#ffd54a" stop-opacity="0"/></radialGradient></defs>
<circle cx="200" cy="200" r="200" fill="url(#g)"/><g fill="#fff3b0" fill-opacity="0.7">${rays}</g>${sparkles}
</svg>\n`;
}

const TIERS = {
  gold: { from: '#fff1a8', mid: '#f5c542', to: '#b8860b', ink: '#6b4a00', label: 'GOLD' },
  silver: { from: '#ffffff', mid: '#c9d1db', to: '#7d8896', ink: '#39424e', label: 'SILVER' },
  bronze: { from: '#ffd9b8', mid: '#d08a4e', to: '#8a4b1f', ink: '#4a2608', label: 'BRONZE' },
  last: { from: '#e9d5ff', mid: '#9b5cf6', to: '#4c1d95', ink: '#ffffff', label: 'LAST PRIZE' },
};

/** The opened ticket's back by rank tier; the page writes the prize letter and name over it. */
export function ticketBackSvg(tier) {
  const c = TIERS[tier];
  const stars = Array.from({ length: 18 }, (_, i) => {
    const x = 20 + ((i * 53) % 200);
    const y = 24 + ((i * 97) % 312);
    return `<circle cx="${x}" cy="${y}" r="${1.5 + (i % 3)}" fill="#fff" fill-opacity="${0.25 + (i % 4) * 0.12}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${FRAME_W}" height="${FRAME_H}" viewBox="0 0 ${FRAME_W} ${FRAME_H}">
<defs><linearGradient id="m" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.from}"/><stop offset="0.5" stop-color="${c.mid}"/><stop offset="1" stop-color="${c.to}"/></linearGradient>
<radialGradient id="s" cx="0.5" cy="0.42" r="0.5"><stop offset="0" stop-color="#fff" stop-opacity="0.75"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
<rect x="6" y="6" width="${FRAME_W - 12}" height="${FRAME_H - 12}" rx="16" fill="url(#m)"/>
<rect x="16" y="16" width="${FRAME_W - 32}" height="${FRAME_H - 32}" rx="11" fill="none" stroke="${c.ink}" stroke-opacity="0.35" stroke-width="3"/>
<circle cx="${FRAME_W / 2}" cy="150" r="92" fill="url(#s)"/>${stars}
<text x="${FRAME_W / 2}" y="${FRAME_H - 34}" text-anchor="middle" font-family="Arial, sans-serif" font-weight="900" font-size="16" letter-spacing="4" fill="${c.ink}" fill-opacity="0.8">${c.label}</text>
</svg>\n`;
}

/** The kuji box on the draw page. */
export function boxSvg() {
  const tickets = Array.from({ length: 7 }, (_, i) => {
    const x = 118 + i * 12;
    const rot = -18 + i * 6;
    const color = ['#ff5c8a', '#ffd54a', '#7cc6ff', '#ff9ab5', '#9b5cf6', '#5ad19a', '#ffb300'][i];
    return `<rect x="${x}" y="52" width="22" height="34" rx="3" fill="${color}" stroke="#fff" stroke-width="2" transform="rotate(${rot} ${x + 11} 86)"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="300" viewBox="0 0 320 300">
<defs>
<linearGradient id="front" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff6f98"/><stop offset="1" stop-color="#d93a73"/></linearGradient>
<linearGradient id="side" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#b92d62"/><stop offset="1" stop-color="#8f1f4b"/></linearGradient>
<linearGradient id="top" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffb3c9"/><stop offset="1" stop-color="#ff7aa2"/></linearGradient>
<pattern id="dots" width="24" height="24" patternUnits="userSpaceOnUse"><circle cx="6" cy="6" r="3" fill="#fff" fill-opacity="0.2"/></pattern>
</defs>
<ellipse cx="160" cy="282" rx="130" ry="12" fill="#000" fill-opacity="0.12"/>
<path d="M40,110 L210,110 L280,80 L110,80 Z" fill="url(#top)"/>
<ellipse cx="160" cy="95" rx="56" ry="13" fill="#5a1030"/>
${tickets}
<path d="M210,110 L280,80 L280,240 L210,275 Z" fill="url(#side)"/>
<rect x="40" y="110" width="170" height="165" fill="url(#front)"/>
<rect x="40" y="110" width="170" height="165" fill="url(#dots)"/>
<rect x="56" y="150" width="138" height="74" rx="12" fill="#fff" fill-opacity="0.95"/>
<text x="125" y="186" text-anchor="middle" font-family="Arial Black, Arial, sans-serif" font-weight="900" font-size="30" fill="#e63c79">KUJI</text>
<text x="125" y="210" text-anchor="middle" font-family="Arial, sans-serif" font-weight="800" font-size="13" letter-spacing="3" fill="#b92d62">LUCKY BOX</text>
<path d="M62,128 l5,-10 l5,10 l-10,-6 h10 z" fill="#ffe066"/>
<path d="M182,250 l4,-8 l4,8 l-8,-5 h8 z" fill="#ffe066"/>
</svg>\n`;
}

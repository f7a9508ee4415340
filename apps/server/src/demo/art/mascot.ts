import { star } from './svg.ts';

export type Species = 'cat' | 'fox' | 'bunny' | 'bear' | 'dragon' | 'ghost' | 'robot';

/** The colours of one anime's artwork. */
export interface Palette {
  /** Background gradient, light to deep. */
  background: [string, string, string];
  /** Fur, hair or shell of the mascot. */
  primary: string;
  /** Muzzle, belly and inner ears. */
  light: string;
  /** Outfit. */
  outfit: string;
  /** Bows, hairpins, sparkles. */
  accent: string;
  /** Iris colour. */
  eye: string;
  /** Outlines. */
  ink: string;
}

const BLUSH = '#ff7fa5';

function eyes(p: Palette, mood: 'happy' | 'sparkle'): string {
  if (mood === 'happy') {
    // Closed, smiling eyes (^ ^).
    return ['-38', '38']
      .map(
        (x) =>
          `<path d="M${Number(x) - 16} 10 Q${x} -10 ${Number(x) + 16} 10" stroke="${p.ink}" stroke-width="7" fill="none" stroke-linecap="round"/>`,
      )
      .join('');
  }
  return [-38, 38]
    .map(
      (x) => `<ellipse cx="${x}" cy="6" rx="18" ry="24" fill="${p.ink}"/>
<ellipse cx="${x}" cy="10" rx="13" ry="18" fill="${p.eye}"/>
<ellipse cx="${x}" cy="14" rx="8" ry="10" fill="${p.ink}" opacity="0.55"/>
<circle cx="${x - 6}" cy="-4" r="7" fill="#fff"/>
<circle cx="${x + 6}" cy="18" r="3.5" fill="#fff"/>`,
    )
    .join('');
}

function face(p: Palette, mood: 'happy' | 'sparkle'): string {
  return `${eyes(p, mood)}
<ellipse cx="-64" cy="38" rx="15" ry="9" fill="${BLUSH}" opacity="0.55"/>
<ellipse cx="64" cy="38" rx="15" ry="9" fill="${BLUSH}" opacity="0.55"/>
<path d="M-11 40 Q-5.5 49 0 40 Q5.5 49 11 40" stroke="${p.ink}" stroke-width="4.5" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;
}

function ears(species: Species, p: Palette): string {
  const stroke = `stroke="${p.ink}" stroke-width="5" stroke-linejoin="round"`;
  switch (species) {
    case 'cat':
      return `<path d="M-88 -38 L-74 -128 L-18 -92 Z" fill="${p.primary}" ${stroke}/>
<path d="M88 -38 L74 -128 L18 -92 Z" fill="${p.primary}" ${stroke}/>
<path d="M-80 -70 L-72 -116 L-40 -94 Z" fill="${p.light}"/>
<path d="M80 -70 L72 -116 L40 -94 Z" fill="${p.light}"/>`;
    case 'fox':
      return `<path d="M-95 -30 L-86 -150 L-14 -94 Z" fill="${p.primary}" ${stroke}/>
<path d="M95 -30 L86 -150 L14 -94 Z" fill="${p.primary}" ${stroke}/>
<path d="M-78 -60 L-80 -124 L-38 -92 Z" fill="${p.light}"/>
<path d="M78 -60 L80 -124 L38 -92 Z" fill="${p.light}"/>`;
    case 'bunny':
      return `<g transform="rotate(-14 -42 -90)"><ellipse cx="-42" cy="-160" rx="27" ry="78" fill="${p.primary}" ${stroke}/><ellipse cx="-42" cy="-155" rx="13" ry="58" fill="${p.light}"/></g>
<g transform="rotate(14 42 -90)"><ellipse cx="42" cy="-160" rx="27" ry="78" fill="${p.primary}" ${stroke}/><ellipse cx="42" cy="-155" rx="13" ry="58" fill="${p.light}"/></g>`;
    case 'bear':
      return `<circle cx="-74" cy="-72" r="34" fill="${p.primary}" ${stroke}/><circle cx="74" cy="-72" r="34" fill="${p.primary}" ${stroke}/>
<circle cx="-74" cy="-72" r="17" fill="${p.light}"/><circle cx="74" cy="-72" r="17" fill="${p.light}"/>`;
    case 'dragon':
      return `<path d="M-52 -82 Q-70 -150 -30 -170 Q-52 -130 -22 -96 Z" fill="${p.accent}" ${stroke}/>
<path d="M52 -82 Q70 -150 30 -170 Q52 -130 22 -96 Z" fill="${p.accent}" ${stroke}/>
<path d="M-100 10 L-132 -8 L-104 -24 Z" fill="${p.primary}" ${stroke}/><path d="M100 10 L132 -8 L104 -24 Z" fill="${p.primary}" ${stroke}/>`;
    case 'robot':
      return `<line x1="0" y1="-100" x2="0" y2="-148" stroke="${p.ink}" stroke-width="6"/>
<circle cx="0" cy="-152" r="15" fill="${p.accent}" stroke="${p.ink}" stroke-width="5"/>
<rect x="-122" y="-22" width="26" height="52" rx="10" fill="${p.outfit}" stroke="${p.ink}" stroke-width="5"/>
<rect x="96" y="-22" width="26" height="52" rx="10" fill="${p.outfit}" stroke="${p.ink}" stroke-width="5"/>`;
    case 'ghost':
      return '';
  }
}

function back(species: Species, p: Palette): string {
  const stroke = `stroke="${p.ink}" stroke-width="5" stroke-linejoin="round"`;
  switch (species) {
    case 'fox':
      return `<path d="M60 170 Q170 160 160 40 Q150 -10 118 20 Q140 110 50 130 Z" fill="${p.primary}" ${stroke}/>
<path d="M160 40 Q150 -10 118 20 Q128 50 150 70 Z" fill="${p.light}"/>`;
    case 'cat':
      return `<path d="M58 175 Q150 170 140 90 Q136 60 150 46" stroke="${p.ink}" stroke-width="26" fill="none" stroke-linecap="round"/>
<path d="M58 175 Q150 170 140 90 Q136 60 150 46" stroke="${p.primary}" stroke-width="16" fill="none" stroke-linecap="round"/>`;
    case 'dragon':
      return `<path d="M-60 100 Q-170 40 -190 120 Q-160 110 -150 150 Q-120 120 -100 160 Q-90 130 -62 150 Z" fill="${p.outfit}" ${stroke}/>
<path d="M60 100 Q170 40 190 120 Q160 110 150 150 Q120 120 100 160 Q90 130 62 150 Z" fill="${p.outfit}" ${stroke}/>`;
    case 'bunny':
      return `<circle cx="70" cy="175" r="24" fill="${p.light}" ${stroke}/>`;
    default:
      return '';
  }
}

function body(species: Species, p: Palette): string {
  const stroke = `stroke="${p.ink}" stroke-width="5" stroke-linejoin="round"`;
  if (species === 'ghost') {
    return `<path d="M-100 0 A100 100 0 0 1 100 0 L100 170 Q83 200 66 170 Q50 140 33 170 Q16 200 0 170 Q-16 140 -33 170 Q-50 200 -66 170 Q-83 140 -100 170 Z" fill="${p.primary}" ${stroke}/>
<ellipse cx="-112" cy="90" rx="22" ry="14" fill="${p.primary}" ${stroke} transform="rotate(-30 -112 90)"/>
<ellipse cx="112" cy="90" rx="22" ry="14" fill="${p.primary}" ${stroke} transform="rotate(30 112 90)"/>`;
  }
  return `<ellipse cx="-78" cy="128" rx="22" ry="32" fill="${p.primary}" ${stroke} transform="rotate(22 -78 128)"/>
<ellipse cx="78" cy="128" rx="22" ry="32" fill="${p.primary}" ${stroke} transform="rotate(-22 78 128)"/>
<path d="M-58 82 Q-80 150 -72 192 Q0 212 72 192 Q80 150 58 82 Z" fill="${p.outfit}" ${stroke}/>
${star(0, 146, 26, p.accent, `stroke="${p.ink}" stroke-width="4" stroke-linejoin="round"`)}
<ellipse cx="-38" cy="200" rx="30" ry="17" fill="${p.primary}" ${stroke}/>
<ellipse cx="38" cy="200" rx="30" ry="17" fill="${p.primary}" ${stroke}/>`;
}

function head(species: Species, p: Palette): string {
  const stroke = `stroke="${p.ink}" stroke-width="5"`;
  if (species === 'ghost') return '';
  if (species === 'robot') {
    return `<rect x="-100" y="-100" width="200" height="180" rx="48" fill="${p.primary}" ${stroke}/>
<rect x="-76" y="-62" width="152" height="116" rx="34" fill="${p.light}"/>`;
  }
  const muzzle =
    species === 'bear' || species === 'fox' ? `<ellipse cx="0" cy="40" rx="46" ry="30" fill="${p.light}"/>` : '';
  const tuft =
    species === 'cat' || species === 'dragon'
      ? `<path d="M-20 -96 Q-8 -128 8 -100 Q16 -124 30 -94" fill="${p.primary}" ${stroke} stroke-linejoin="round"/>`
      : '';
  return `${tuft}<circle cx="0" cy="0" r="102" fill="${p.primary}" ${stroke}/>${muzzle}`;
}

function accessory(species: Species, p: Palette): string {
  const bow = `<path d="M0 84 L-30 66 L-30 102 Z M0 84 L30 66 L30 102 Z" fill="${p.accent}" stroke="${p.ink}" stroke-width="4" stroke-linejoin="round"/><circle cx="0" cy="84" r="9" fill="${p.accent}" stroke="${p.ink}" stroke-width="4"/>`;
  const pin = star(62, -70, 22, p.accent, `stroke="${p.ink}" stroke-width="4" stroke-linejoin="round"`);
  if (species === 'ghost') return pin;
  if (species === 'robot') return `${bow}${star(-60, -66, 14, p.accent, `stroke="${p.ink}" stroke-width="3"`)}`;
  return `${bow}${pin}`;
}

/**
 * A chibi mascot centred on its head at the origin (about 400 units tall, head radius 100);
 * place it with a transform.
 */
export function mascot(species: Species, p: Palette, mood: 'happy' | 'sparkle' = 'sparkle'): string {
  return `<g>${back(species, p)}${body(species, p)}${ears(species, p)}${head(species, p)}${face(p, mood)}${accessory(species, p)}</g>`;
}

/** Just the head (ears included): for plush heads and keychain charms. */
export function mascotHead(species: Species, p: Palette): string {
  if (species === 'ghost') {
    return `<g><path d="M-100 0 A100 100 0 0 1 100 0 L100 70 Q75 100 50 70 Q25 40 0 70 Q-25 100 -50 70 Q-75 40 -100 70 Z" fill="${p.primary}" stroke="${p.ink}" stroke-width="5"/>${face(p, 'sparkle')}${accessory(species, p)}</g>`;
  }
  return `<g>${ears(species, p)}${head(species, p)}${face(p, 'sparkle')}${star(62, -70, 22, p.accent, `stroke="${p.ink}" stroke-width="4"`)}</g>`;
}

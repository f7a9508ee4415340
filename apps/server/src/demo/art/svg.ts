/** Small helpers for writing SVG by hand: deterministic randomness, escaping, shapes. */

/** A deterministic PRNG (mulberry32) seeded from a string, so the same set always looks the same. */
export function seededRandom(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let state = h >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Rounds for compact output. */
export const n = (value: number) => Math.round(value * 10) / 10;

/** A four-pointed sparkle centred at (x, y). */
export function sparkle(x: number, y: number, size: number, fill: string, opacity = 1): string {
  const s = size;
  const w = size * 0.22;
  const d = `M${n(x)} ${n(y - s)} Q${n(x + w)} ${n(y - w)} ${n(x + s)} ${n(y)} Q${n(x + w)} ${n(y + w)} ${n(x)} ${n(y + s)} Q${n(x - w)} ${n(y + w)} ${n(x - s)} ${n(y)} Q${n(x - w)} ${n(y - w)} ${n(x)} ${n(y - s)}Z`;
  return `<path d="${d}" fill="${fill}" opacity="${n(opacity)}"/>`;
}

/** A five-pointed star centred at (x, y). */
export function star(x: number, y: number, outer: number, fill: string, extra = ''): string {
  const inner = outer * 0.45;
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${n(x + r * Math.cos(a))},${n(y + r * Math.sin(a))}`);
  }
  return `<polygon points="${points.join(' ')}" fill="${fill}" ${extra}/>`;
}

/** Sparkles scattered over a box, avoiding nothing in particular: decoration. */
export function sparkleField(
  random: () => number,
  count: number,
  box: { x: number; y: number; width: number; height: number },
  colors: string[],
  sizes: [number, number] = [6, 18],
): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = box.x + random() * box.width;
    const y = box.y + random() * box.height;
    const size = sizes[0] + random() * (sizes[1] - sizes[0]);
    out += sparkle(x, y, size, colors[i % colors.length]!, 0.55 + random() * 0.45);
  }
  return out;
}

/** Sunburst rays around (cx, cy). */
export function rays(cx: number, cy: number, radius: number, count: number, fill: string, opacity: number): string {
  let d = '';
  for (let i = 0; i < count; i++) {
    const a1 = (i * 2 * Math.PI) / count;
    const a2 = a1 + Math.PI / count;
    d += `M${cx} ${cy}L${n(cx + radius * Math.cos(a1))} ${n(cy + radius * Math.sin(a1))}L${n(cx + radius * Math.cos(a2))} ${n(cy + radius * Math.sin(a2))}Z`;
  }
  return `<path d="${d}" fill="${fill}" opacity="${opacity}"/>`;
}

/** Splits a title into at most two balanced lines. */
export function twoLines(text: string, maxChars: number): string[] {
  if (text.length <= maxChars) return [text];
  const words = text.split(' ');
  let best: string[] = [text];
  let bestScore = Infinity;
  for (let i = 1; i < words.length; i++) {
    const a = words.slice(0, i).join(' ');
    const b = words.slice(i).join(' ');
    const score = Math.max(a.length, b.length);
    if (score < bestScore) {
      bestScore = score;
      best = [a, b];
    }
  }
  return best;
}

/**
 * Decorative artwork of the home promo banner: a sunburst backdrop with confetti at the edges (behind
 * the text, drawn in code: it fills the banner from the first paint), and a fan of kuji tickets that
 * sits beside the text (public/art/promo-tickets.svg).
 */
const RAY_COUNT = 18;
const CONFETTI = [
  { x: 14, y: 186, r: 3, color: '#fff4d6' },
  { x: 178, y: 192, r: 3.5, color: '#7b4de0' },
  { x: 346, y: 16, r: 4, color: '#f5b82e' },
  { x: 350, y: 184, r: 3, color: '#fff4d6' },
];

export function PromoBackdrop() {
  const rays = Array.from({ length: RAY_COUNT }, (_, index) => (index * 360) / RAY_COUNT);
  return (
    <svg className="promo-backdrop" viewBox="0 0 360 200" preserveAspectRatio="xMaxYMid slice" aria-hidden="true">
      <defs>
        <linearGradient id="promo-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ff5a6e" />
          <stop offset="0.55" stopColor="#e8344e" />
          <stop offset="1" stopColor="#ff7a1a" />
        </linearGradient>
        <radialGradient id="promo-glow" cx="0.78" cy="0.5" r="0.45">
          <stop offset="0" stopColor="#fff4d6" stopOpacity="0.65" />
          <stop offset="1" stopColor="#fff4d6" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="360" height="200" fill="url(#promo-bg)" />
      <g transform="translate(282 100)" fill="#fff" opacity="0.12">
        {rays.map((angle) => (
          <polygon key={angle} points="0,0 -16,-300 16,-300" transform={`rotate(${angle})`} />
        ))}
      </g>
      <rect width="360" height="200" fill="url(#promo-glow)" />
      {CONFETTI.map((dot) => (
        <circle key={`${dot.x}-${dot.y}`} cx={dot.x} cy={dot.y} r={dot.r} fill={dot.color} />
      ))}
    </svg>
  );
}

/** The fan of tickets beside the text: a static file (public/art), so its markup is not script on the first paint. */
export function PromoTickets() {
  return (
    <img className="promo-tickets" src="/art/promo-tickets.svg" alt="" width={160} height={160} fetchPriority="high" />
  );
}

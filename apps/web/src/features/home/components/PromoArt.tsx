/**
 * Decorative artwork of the home promo banner, drawn in code: a sunburst backdrop with confetti at the
 * edges (behind the text), and a fan of kuji tickets that sits beside the text.
 */
const RAY_COUNT = 18;
const CONFETTI = [
  { x: 14, y: 186, r: 3, color: '#fff4d6' },
  { x: 178, y: 192, r: 3.5, color: '#7b4de0' },
  { x: 346, y: 16, r: 4, color: '#f5b82e' },
  { x: 350, y: 184, r: 3, color: '#fff4d6' },
];
const TICKETS = [
  { letter: 'B', rotate: -16, x: 52, y: 62, fill: '#fff4d6', ink: '#7b4de0' },
  { letter: 'LAST', rotate: 14, x: 108, y: 70, fill: '#f5b82e', ink: '#241a2e' },
  { letter: 'A', rotate: -3, x: 80, y: 94, fill: '#ffffff', ink: '#e8344e' },
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

export function PromoTickets() {
  return (
    <svg className="promo-tickets" viewBox="0 0 160 160" aria-hidden="true">
      <defs>
        <filter id="promo-shadow" x="-30%" y="-30%" width="160%" height="160%">
          <feDropShadow dx="0" dy="4" stdDeviation="4" floodColor="#241a2e" floodOpacity="0.3" />
        </filter>
      </defs>
      <path d="M20 20l3 7 7 1-5 5 1 7-6-3-6 3 1-7-5-5 7-1z" fill="#f5b82e" />
      <path d="M146 128l2 5 5 .6-3.8 3.4 1 5-4.2-2.5-4.2 2.5 1-5-3.8-3.4 5-.6z" fill="#fff" opacity="0.9" />
      <g filter="url(#promo-shadow)">
        {TICKETS.map((ticket) => (
          <g key={ticket.letter} transform={`translate(${ticket.x} ${ticket.y}) rotate(${ticket.rotate})`}>
            <rect x="-30" y="-40" width="60" height="80" rx="8" fill={ticket.fill} />
            <rect x="-30" y="-40" width="60" height="15" rx="7" fill={ticket.ink} opacity="0.9" />
            <line
              x1="-24"
              y1="-19"
              x2="24"
              y2="-19"
              stroke={ticket.ink}
              strokeDasharray="4 3"
              strokeWidth="1.5"
              opacity="0.6"
            />
            <text
              y={ticket.letter.length > 1 ? 14 : 22}
              textAnchor="middle"
              fontFamily="'Arial Black', Arial, sans-serif"
              fontWeight="900"
              fontSize={ticket.letter.length > 1 ? 16 : 38}
              fill={ticket.ink}
            >
              {ticket.letter}
            </text>
          </g>
        ))}
      </g>
    </svg>
  );
}

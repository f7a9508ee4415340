/** Decorative artwork for the two product-line banners on home, drawn in code. */
export function KujiBoxArt() {
  return (
    <svg className="line-banner__art" viewBox="0 0 140 140" aria-hidden="true">
      <circle cx="70" cy="74" r="58" fill="#fff" opacity="0.12" />
      <g transform="rotate(-12 92 40)">
        <rect x="74" y="14" width="40" height="54" rx="6" fill="#fff4d6" />
        <rect x="74" y="14" width="40" height="11" rx="5" fill="#f5b82e" />
        <text
          x="94"
          y="56"
          textAnchor="middle"
          fontFamily="'Arial Black', Arial, sans-serif"
          fontWeight="900"
          fontSize="24"
          fill="#e8344e"
        >
          A
        </text>
      </g>
      <path d="M24 62h92l-8 62H32z" fill="#f5b82e" />
      <path d="M24 62h92l-4 12H28z" fill="#c98a06" />
      <rect x="18" y="52" width="104" height="14" rx="4" fill="#ffd45e" />
      <circle cx="70" cy="95" r="15" fill="#fff" opacity="0.9" />
      <text
        x="70"
        y="102"
        textAnchor="middle"
        fontFamily="'Arial Black', Arial, sans-serif"
        fontWeight="900"
        fontSize="20"
        fill="#7b4de0"
      >
        くじ
      </text>
      <path d="M30 30l2 5 5 .5-4 3 1 5-4-2.5-4 2.5 1-5-4-3 5-.5z" fill="#fff" />
    </svg>
  );
}

export function BlindBoxArt() {
  return (
    <svg className="line-banner__art" viewBox="0 0 140 140" aria-hidden="true">
      <circle cx="70" cy="74" r="58" fill="#fff" opacity="0.14" />
      <path d="M70 30l46 20v52l-46 22-46-22V50z" fill="#b9f0e4" />
      <path d="M70 30l46 20-46 20-46-20z" fill="#e6fffa" />
      <path d="M70 70v54l-46-22V50z" fill="#7fd8c6" />
      <path d="M93 40l-46 20v12l46-20z" fill="#fff" opacity="0.55" />
      <text
        x="95"
        y="100"
        textAnchor="middle"
        fontFamily="'Arial Black', Arial, sans-serif"
        fontWeight="900"
        fontSize="34"
        fill="#1d6b5c"
      >
        ?
      </text>
    </svg>
  );
}

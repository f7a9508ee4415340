/**
 * The navigation bar's own icons, in the frame's chunk on every first paint; the pages' icons live in
 * icons.tsx, loaded with the pages (docs/performance.md).
 */
export interface IconProps {
  size?: number;
}

export function MenuIcon({ size = 24 }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.4"
      strokeLinecap="round"
    >
      <path d="M4 7h16M4 12h16M4 17h16" />
    </svg>
  );
}

export function KujiyaMark({ size = 30 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect x="3" y="6" width="26" height="20" rx="4" fill="#e8344e" />
      <path d="M3 13a3 3 0 0 1 0 6M29 13a3 3 0 0 0 0 6" fill="#fff8f2" />
      <path d="M11 8v16" stroke="#fff8f2" strokeWidth="1.5" strokeDasharray="2 2" />
      <path d="M19.5 10.5l1.6 3.3 3.6.5-2.6 2.5.6 3.6-3.2-1.7-3.2 1.7.6-3.6-2.6-2.5 3.6-.5z" fill="#f5b82e" />
    </svg>
  );
}

import type { SVGProps } from 'react';
import type { ProductKind } from '@kujiya/shared';

// Small inline icons (no icon font or emoji font needed on the phone).
type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Svg({ size = 16, children, ...rest }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" {...rest}>
      {children}
    </svg>
  );
}

export function TicketIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path
        fill="currentColor"
        d="M3 6.5A1.5 1.5 0 0 1 4.5 5h15A1.5 1.5 0 0 1 21 6.5V9a3 3 0 0 0 0 6v2.5a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5V15a3 3 0 0 0 0-6V6.5Zm11 .5v2h2V7h-2Zm0 4v2h2v-2h-2Zm0 4v2h2v-2h-2Z"
      />
    </Svg>
  );
}

export function CloverIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <g fill="currentColor">
        <circle cx="12" cy="7" r="3.6" />
        <circle cx="7" cy="12" r="3.6" />
        <circle cx="17" cy="12" r="3.6" />
        <circle cx="12" cy="12" r="2.5" />
      </g>
      <path d="M12 13.5c0 3 1 5.5 3 7.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </Svg>
  );
}

export function GiftIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path
        fill="currentColor"
        d="M4 11h7v9H5.5A1.5 1.5 0 0 1 4 18.5V11Zm9 0h7v7.5a1.5 1.5 0 0 1-1.5 1.5H13v-9ZM3 7.5A1.5 1.5 0 0 1 4.5 6h15A1.5 1.5 0 0 1 21 7.5V10H3V7.5Zm9-1.4C10.8 3.6 7 3 7 5c0 1 1.2 1.4 5 1.1Zm0 0C13.2 3.6 17 3 17 5c0 1-1.2 1.4-5 1.1Z"
      />
    </Svg>
  );
}

export function HeartIcon({ filled, ...props }: IconProps & { filled?: boolean }) {
  return (
    <Svg {...props}>
      <path
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
        d="M12 20s-7.5-4.6-7.5-10.1A4.2 4.2 0 0 1 12 7.3a4.2 4.2 0 0 1 7.5 2.6C19.5 15.4 12 20 12 20Z"
      />
    </Svg>
  );
}

export function InfoIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="10" fill="currentColor" />
      <rect x="11" y="10.5" width="2" height="7" rx="1" fill="#fff" />
      <circle cx="12" cy="7.6" r="1.3" fill="#fff" />
    </Svg>
  );
}

/** The shop's token: a gold coin with a star. */
export function TokenIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="10" fill="#f5b82e" stroke="#c98a06" strokeWidth="2" />
      <path fill="#fff6d8" d="m12 6.5 1.6 3.4 3.7.4-2.8 2.5.8 3.7L12 14.6l-3.3 1.9.8-3.7-2.8-2.5 3.7-.4L12 6.5Z" />
    </Svg>
  );
}

/** The icon of a card's tickets-left tag: clover for Chance sets, gift for promotions, ticket otherwise. */
export function KindIcon({ kind, ...props }: IconProps & { kind: ProductKind }) {
  if (kind === 'lottery') return <CloverIcon data-kind="lottery" {...props} />;
  if (kind === 'promotion') return <GiftIcon data-kind="promotion" {...props} />;
  return <TicketIcon data-kind="plain" {...props} />;
}

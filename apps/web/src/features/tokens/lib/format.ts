import { bonusTokens, formatSgDateTime } from '@kujiya/shared';

/** An expiry shown in Singapore time, e.g. "10 Jul 2026, 10:00 am". */
export function formatExpiry(iso: string): string {
  return formatSgDateTime(iso);
}

/** Tokens a payment brings once a promo applies: the package's plus the bonus. */
export function tokensWithBonus(
  tokenAmount: number,
  extraTokensPercentage: number | null,
): { bonus: number; total: number } {
  const bonus = extraTokensPercentage ? bonusTokens(tokenAmount, extraTokensPercentage) : 0;
  return { bonus, total: tokenAmount + bonus };
}

export const formatTokens = (n: number) => n.toLocaleString('en-SG');

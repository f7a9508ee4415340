import { LAST_PRIZE_NAME, LAST_RANK, ticketBackTier, type DrawResponse, type TicketBackTier } from '@kujiya/shared';

/**
 * The tickets to open, in the order the server drew them: the letter tickets, then the Last Prize
 * (which comes with the round's final ticket) as a ticket of its own.
 */
export function revealPlan(draw: Pick<DrawResponse, 'selectedPrizes'>): string[] {
  const letters = draw.selectedPrizes.filter((rank) => rank !== LAST_RANK);
  const last = draw.selectedPrizes.filter((rank) => rank === LAST_RANK);
  return [...letters, ...last];
}

/** Whether the ticket just opened wins the Challenge (its rank is the challenge letter). */
export function isChallengeWin(rank: string, challengeAlphabet: string | null): boolean {
  return Boolean(challengeAlphabet) && rank.toUpperCase() === challengeAlphabet!.toUpperCase();
}

export const ticketBackUrl = (tier: TicketBackTier) => `/draw/ticket-back-${tier}.svg`;

export const prizeTitle = (rank: string) => (rank === LAST_RANK ? LAST_PRIZE_NAME : `Prize ${rank}`);

export { ticketBackTier };

/** Counts each letter once: letters in order, the Last Prize last. */
export function countPrizes(selectedPrizes: readonly string[]): { rank: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const rank of selectedPrizes) counts.set(rank, (counts.get(rank) ?? 0) + 1);
  const ranks = [...counts.keys()].sort((a, b) => (a === LAST_RANK ? 1 : b === LAST_RANK ? -1 : a.localeCompare(b)));
  return ranks.map((rank) => ({ rank, count: counts.get(rank)! }));
}

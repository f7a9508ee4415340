/** A card is active when its centre is within this many pixels of its row's centre. */
export const ACTIVE_CARD_THRESHOLD_PX = 50;

/**
 * The index of the card centred in its scroll container, or -1 when none is within the threshold.
 * Rects are viewport boxes (getBoundingClientRect); the nearest centre wins a tie.
 */
export function findActiveCard(
  container: { left: number; width: number },
  cards: ReadonlyArray<{ left: number; width: number }>,
  threshold = ACTIVE_CARD_THRESHOLD_PX,
): number {
  const centre = container.left + container.width / 2;
  let best = -1;
  let bestDistance = Infinity;
  cards.forEach((card, index) => {
    const distance = Math.abs(card.left + card.width / 2 - centre);
    if (distance <= threshold && distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}

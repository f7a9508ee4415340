import type { Prize } from '@kujiya/shared';
import { imageUrl } from '../../../lib/image-url';
import { isChallengeWin, prizeTitle, ticketBackTier, ticketBackUrl } from '../lib/reveal-plan';

/** The opened ticket: the back artwork of its rank tier, the prize and, when it is the letter, 'Challenge Won!'. */
export function TicketReveal({
  rank,
  prize,
  challengeAlphabet,
}: {
  rank: string;
  prize: Prize | undefined;
  challengeAlphabet: string | null;
}) {
  const tier = ticketBackTier(rank);
  return (
    <div className="reveal" data-testid="ticket-reveal" data-tier={tier}>
      <div className="reveal__ticket" style={{ backgroundImage: `url(${ticketBackUrl(tier)})` }}>
        <span className="reveal__rank">{rank === 'LAST' ? 'LAST' : rank}</span>
        {prize && <img className="reveal__image" src={imageUrl(prize.image)} alt="" />}
        <p className="reveal__name" data-testid="revealed-prize">
          {prizeTitle(rank)}
        </p>
        {prize && <p className="reveal__description">{prize.description}</p>}
      </div>
      {isChallengeWin(rank, challengeAlphabet) && (
        <p className="reveal__challenge" role="status">
          Challenge Won!
        </p>
      )}
    </div>
  );
}

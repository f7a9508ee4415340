import { useRef, useState } from 'react';
import { prizeFullName, type Prize } from '@kujiya/shared';
import { Dialog } from '../../../components/ui/Dialog';
import { TicketReveal } from './TicketReveal';
import { TicketTear } from './TicketTear';
import { LiveAnnouncement } from '../../../components/ui/LiveAnnouncement';
import { isChallengeWin, prizeTitle } from '../lib/reveal-plan';

interface TicketPopupProps {
  /** The decided rank, held in memory only: it reaches the page after the last frame. */
  rank: string;
  prize: Prize | undefined;
  challengeAlphabet: string | null;
  isLast: boolean;
  onTorn: () => void;
  onNext: () => void;
  onClose: () => void;
}

export const TEAR_PROMPT = 'Slide from left to right or press the button below to tear open the ticket';

/** The ticket-tearing popup: tear, final effect and 'Congratulations!', then the prize. */
export function TicketPopup({ rank, prize, challengeAlphabet, isLast, onTorn, onNext, onClose }: TicketPopupProps) {
  const [stage, setStage] = useState<'sealed' | 'open'>('sealed');
  const congratsRef = useRef<HTMLParagraphElement>(null);
  // What was won, in words: the ticket art and its letter alone say little to a screen reader.
  const won =
    stage === 'open'
      ? `You won ${prize ? prizeFullName(prize) : prizeTitle(rank)}.${isChallengeWin(rank, challengeAlphabet) ? ' Challenge Won!' : ''}`
      : '';
  return (
    <Dialog
      open
      onClose={stage === 'open' ? onClose : () => undefined}
      title="Your Ticket"
      hideTitle
      className="ticket-popup"
      closable={stage === 'open'}
    >
      {stage === 'sealed' && <p className="ticket-popup__prompt">{TEAR_PROMPT}</p>}
      {stage === 'open' ? (
        <TicketReveal rank={rank} prize={prize} challengeAlphabet={challengeAlphabet} />
      ) : (
        <div className="ticket-popup__stage">
          {/* Shown by the tear itself at the final effect's first frame, without a React render mid-animation. */}
          <p ref={congratsRef} className="ticket-popup__congrats ticket-popup__congrats--over" hidden>
            Congratulations!
          </p>
          <TicketTear
            onFinalEffect={() => {
              if (congratsRef.current) congratsRef.current.hidden = false;
            }}
            onTorn={() => {
              setStage('open');
              onTorn();
            }}
          />
        </div>
      )}
      {stage === 'open' && <p className="ticket-popup__congrats">Congratulations!</p>}
      <LiveAnnouncement message={won} />
      {stage === 'open' && (
        <button type="button" className="btn btn--primary btn--block" autoFocus onClick={isLast ? onClose : onNext}>
          {isLast ? 'Show Results' : 'Draw Next Ticket'}
        </button>
      )}
    </Dialog>
  );
}

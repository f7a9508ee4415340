import { useState } from 'react';
import { Dialog } from '../../../components/ui/Dialog';

const steps = [
  { title: 'Pick a set', text: 'Browse the sets and tap Play on the one you love to see its prizes and odds.' },
  {
    title: 'Buy tickets',
    text: 'Choose how many tickets you want and pay with tokens or by card. Or buy out the whole set!',
  },
  { title: 'Open your tickets', text: 'Shake the box and tear open each ticket to reveal the prize you won.' },
  {
    title: 'Every ticket wins',
    text: 'Each ticket is a prize, from Prize A down. Whoever draws the final ticket of a set also wins the Last Prize. Chance sets draw their winners when they sell out.',
  },
  {
    title: 'Ship or collect',
    text: 'Prizes go to your inventory. Ship them to your door or self-collect within 14 days.',
  },
];

/** The how-to-play banner and its popup of instructions. */
export function HowToPlay() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="how-to-play" onClick={() => setOpen(true)}>
        <span className="how-to-play__kicker">New here?</span>
        <span className="how-to-play__title">How to Play</span>
        <span className="how-to-play__text">Buy tickets, open them, win prizes. Tap to learn how!</span>
        <span className="how-to-play__ticket" aria-hidden="true">
          ?
        </span>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="How to Play">
        <ol className="how-to-play__steps">
          {steps.map((step) => (
            <li key={step.title}>
              <strong>{step.title}</strong>
              <span>{step.text}</span>
            </li>
          ))}
        </ol>
        <button type="button" className="btn btn--primary btn--block" onClick={() => setOpen(false)}>
          Let&apos;s play!
        </button>
      </Dialog>
    </>
  );
}

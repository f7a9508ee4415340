import {
  SHIPPING_BUNDLE_BIG_PRIZES,
  SHIPPING_BUNDLE_SMALL_PRIZES,
  SHIPPING_FEE_PER_BUNDLE_CENTS,
  formatCents,
} from '@kujiya/shared';
import { Link } from 'react-router';
import { InfoLayout } from './InfoLayout';
import { policies } from '../policies';

export function HowItWorksPage() {
  return (
    <InfoLayout title="How It Works" lead="From picking a set to holding your prize, in four steps.">
      <ol className="steps">
        <li>
          <h2>Pick a set</h2>
          <p>
            Browse the <Link to="/ichiban-kuji-products">Ichiban Kuji sets</Link> by anime, by New, Promotions or
            Chance. Open a set to see every prize, how many are left and the set's fairness commitment.
          </p>
        </li>
        <li>
          <h2>Buy tickets with tokens or card</h2>
          <p>
            Choose how many tickets you want, or buy out the whole remaining set. Pay instantly with tokens, or by card;
            card payments hold your tickets for {policies.cardReservationMinutes} minutes while you pay. Promotions add
            free tickets automatically.
          </p>
        </li>
        <li>
          <h2>Tear open your tickets</h2>
          <p>
            On the draw page, shake the box, then slide across each ticket (or press Open Ticket) to reveal your prize.
            Your prizes were fixed the moment you paid, so the reveal is pure fun.
          </p>
        </li>
        <li>
          <h2>Keep, ship, collect or trade</h2>
          <p>
            Prizes land in your inventory for up to two weeks. Ship them anywhere in Singapore (
            {formatCents(SHIPPING_FEE_PER_BUNDLE_CENTS)} for every {SHIPPING_BUNDLE_BIG_PRIZES} big and{' '}
            {SHIPPING_BUNDLE_SMALL_PRIZES} small prizes), book a self-collection, or trade them with other collectors.
          </p>
        </li>
      </ol>

      <div className="info-callout">
        <p>
          <strong>Check any draw yourself.</strong> Every ticket drawn goes into the set's public log together with your
          client seed. When the set sells out, its secret seed is revealed and matches the commitment published at the
          start, so every result can be replayed and verified.
        </p>
      </div>

      <p>
        Questions? See the <Link to="/faq">FAQ</Link>.
      </p>
    </InfoLayout>
  );
}

import {
  SHIPPING_BUNDLE_BIG_PRIZES,
  SHIPPING_BUNDLE_SMALL_PRIZES,
  SHIPPING_FEE_PER_BUNDLE_CENTS,
  formatCents,
} from '@kujiya/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { policies } from '../policies';
import { PickupPointDetails } from '../../../components/PickupPointDetails';
import { InfoLayout } from './InfoLayout';

interface Question {
  question: string;
  answer: ReactNode;
}

const general: Question[] = [
  {
    question: 'What is Ichiban Kuji?',
    answer: (
      <p>
        A Japanese prize draw: a set has a fixed number of tickets and every ticket wins one of its prizes, ranked by
        letter from Prize A down. Whoever draws the set's final ticket also wins the Last Prize.
      </p>
    ),
  },
  {
    question: 'Do I need an account?',
    answer: (
      <p>
        You can browse every set without one. To buy tickets you sign up with your e-mail: we send a verification code
        that is valid for {policies.verificationCodeValidity}. E-mails may take {policies.emailDelay} to arrive.
      </p>
    ),
  },
  {
    question: 'How do I know the draw is fair?',
    answer: (
      <p>
        Each set publishes a commitment to its secret seed before the first ticket is sold. Your browser adds its own
        client seed to every purchase, every ticket drawn goes into a public log, and the seed is revealed when the set
        sells out, so anyone can replay the log and check every result.
      </p>
    ),
  },
  {
    question: 'What are Chance, Double Chance and Challenge sets?',
    answer: (
      <>
        <p>
          <strong>Chance:</strong> your tickets are entries, and the winners of every prize are drawn once the set sells
          out. <strong>Double Chance:</strong> extra prizes are drawn among all tickets of the set at sell-out.
        </p>
        <p>
          <strong>Challenge:</strong> buy at least the minimum number of tickets; drawing stops when the named prize
          comes up and the undrawn tickets come back to you as tokens. <strong>Buy X Get Y FREE</strong> adds free
          tickets to your order.
        </p>
      </>
    ),
  },
  {
    question: 'Can I get a refund or return a prize?',
    answer: <p>No. There are no refunds or returns after purchase, so please choose your sets carefully.</p>,
  },
  {
    question: 'Can I trade prizes with other users?',
    answer: (
      <p>
        Yes. Offer prizes from your inventory in the trading marketplace, or make an offer on someone else's trade.
        Items are locked while a trade or offer is open, and an accepted trade swaps both sides at once.
      </p>
    ),
  },
  {
    question: 'I forgot my password. What now?',
    answer: (
      <p>
        Use Forgot Password? on the login page. The reset link is valid for {policies.resetLinkValidity} and the e-mail
        may take {policies.emailDelay} to arrive; check your spam folder too.
      </p>
    ),
  },
];

const shipping: Question[] = [
  {
    question: 'Where do you deliver?',
    answer: <p>Within Singapore only.</p>,
  },
  {
    question: 'How long does delivery take?',
    answer: (
      <p>
        {policies.deliveryWorkingDays[0].toUpperCase() + policies.deliveryWorkingDays.slice(1)} after your shipping
        payment.
      </p>
    ),
  },
  {
    question: 'How much is shipping?',
    answer: (
      <p>
        {formatCents(SHIPPING_FEE_PER_BUNDLE_CENTS)} for every {SHIPPING_BUNDLE_BIG_PRIZES} big prizes and{' '}
        {SHIPPING_BUNDLE_SMALL_PRIZES} small prizes. See <Link to="/shipping-and-delivery">Shipping and Delivery</Link>{' '}
        for examples.
      </p>
    ),
  },
  {
    question: 'How long can I keep my prizes before shipping?',
    answer: (
      <p>
        At most two weeks ({policies.keepDays} days). Items not shipped or collected by their ship-by date are
        forfeited; we remind you 3 days and 1 day before.
      </p>
    ),
  },
  {
    question: 'Can I collect my prizes myself?',
    answer: (
      <>
        <p>
          Yes, book a self-collection from your inventory: {policies.selfCollectionSlots.join(' or ')}, within the next{' '}
          {policies.keepDays} days. Collect them here:
        </p>
        <PickupPointDetails />
      </>
    ),
  },
  {
    question: 'When do pre-order prizes ship?',
    answer: (
      <p>
        We e-mail you when your pre-ordered items have arrived and are ready to ship. From then you have two weeks to
        ship or collect them.
      </p>
    ),
  },
];

const tokens: Question[] = [
  {
    question: 'What are tokens?',
    answer: <p>Kujiya's in-shop currency. Every set shows its ticket price in tokens as well as in dollars.</p>,
  },
  {
    question: 'Do tokens expire?',
    answer: (
      <p>
        Yes, {policies.tokenValidityMonths} months after purchase. The tokens closest to expiry are spent first, and
        Your Tokens shows each batch with its expiry date.
      </p>
    ),
  },
  {
    question: 'Can I get my tokens refunded?',
    answer: <p>No. Tokens are non-refundable and cannot be exchanged for cash.</p>,
  },
  {
    question: 'How do promo codes work?',
    answer: (
      <p>
        Enter the code on the token payment page before you pay. A valid code adds a percentage of bonus tokens to that
        purchase. Each code has a validity period and can be used once per account.
      </p>
    ),
  },
  {
    question: 'Why did I get tokens back after a Challenge?',
    answer: (
      <p>
        When a Challenge stops early because you drew the named prize, your undrawn tickets are returned as tokens,
        valid for {policies.tokenValidityMonths} months.
      </p>
    ),
  },
];

const sections = [
  { title: 'General', questions: general },
  { title: 'Shipping Related', questions: shipping },
  { title: 'Token Related', questions: tokens },
];

export function FaqPage() {
  return (
    <InfoLayout title="FAQ" lead="Quick answers about playing, shipping and tokens. Tap a question to open it.">
      {sections.map((section, index) => (
        <section key={section.title} className="faq-section" aria-labelledby={`faq-section-${index}`}>
          <h2 id={`faq-section-${index}`}>{section.title}</h2>
          <div className="faq-list">
            {section.questions.map((item) => (
              <details key={item.question} className="faq-item">
                <summary>{item.question}</summary>
                <div className="faq-item__answer">{item.answer}</div>
              </details>
            ))}
          </div>
        </section>
      ))}
      <p className="muted" style={{ marginTop: 24 }}>
        Still stuck? <Link to="/contact-us">Contact us</Link>.
      </p>
    </InfoLayout>
  );
}

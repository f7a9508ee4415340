import { Link } from 'react-router';
import { policies } from '../policies';
import { InfoLayout } from './InfoLayout';

export function TermsPage() {
  return (
    <InfoLayout
      title="Terms and Conditions"
      lead="The rules of playing, paying and collecting at Kujiya. Please read them before your first draw."
    >
      <p className="muted">Last updated: 1 January 2025</p>

      <h2>1. Who we are</h2>
      <p>
        Kujiya is an online shop for Ichiban Kuji style prize draws, run from and for Singapore. By creating an account,
        buying tickets or tokens, or using any part of the shop, you agree to these terms.
      </p>

      <h2>2. Your account</h2>
      <ul>
        <li>You sign up with a verified e-mail address. One account per person; keep your password to yourself.</li>
        <li>
          Verification codes are valid for {policies.verificationCodeValidity}. A password reset link is valid for{' '}
          {policies.resetLinkValidity}. Our e-mails may take {policies.emailDelay} to arrive.
        </li>
        <li>We may suspend accounts that use bots, abuse promotions or run several accounts.</li>
      </ul>

      <h2>3. Tickets and prizes</h2>
      <ul>
        <li>
          Each set holds a fixed number of tickets. Every ticket you buy wins one letter prize of that set; the Last
          Prize goes to whoever draws the set's final ticket, in addition to the prize on that ticket.
        </li>
        <li>
          On a Chance set your tickets are entries: the winners of every prize are drawn when the set sells out. Sets
          with Double Chance draw extra prizes among all of the set's tickets at sell-out.
        </li>
        <li>
          Promotions are shown on the set: Buy X Get Y FREE adds free tickets to your order; a Challenge asks for a
          minimum number of tickets and stops drawing once the named prize comes up, returning the undrawn tickets to
          you as tokens.
        </li>
        <li>
          Prices are in Singapore dollars. Card payments reserve your tickets for {policies.cardReservationMinutes}{' '}
          minutes while you pay.
        </li>
      </ul>

      <h2>4. Fair draws</h2>
      <p>
        Before a set opens we publish a commitment (a SHA-256 fingerprint of a secret seed). Your browser adds its own
        client seed to every purchase, every ticket drawn is written to a public log, and the secret seed is revealed
        when the set sells out, so anyone can replay the log and check every result. Prizes are decided on our server
        once, when your order is paid; the draw page only reveals them.
      </p>

      <h2>5. Payments and tokens</h2>
      <ul>
        <li>You can pay for tickets by card or with Kujiya tokens.</li>
        <li>
          Tokens expire {policies.tokenValidityMonths} months after purchase and are <strong>non-refundable</strong>:
          they cannot be exchanged for cash or returned to your card. The tokens closest to expiry are spent first.
        </li>
        <li>
          A promo code adds bonus tokens to one token purchase. Each code has a validity period and a usage limit and
          can be used once per account.
        </li>
      </ul>

      <h2>6. No refunds or returns</h2>
      <div className="info-callout">
        <p>
          All purchases are final. <strong>There are no refunds or returns after purchase.</strong> The only exceptions
          are made by the shop itself: a card payment that arrives after its tickets are gone is refunded to the card,
          and undrawn Challenge tickets come back as tokens.
        </p>
      </div>

      <h2>7. Keeping your prizes</h2>
      <p>
        Prizes you win wait in your inventory. <strong>We keep items for at most two weeks</strong> ({policies.keepDays}{' '}
        days from the order, or from arrival for pre-orders); items not shipped or collected by their ship-by date are
        forfeited. We remind you 3 days and 1 day before. Pre-order prizes are kept until they arrive, and we e-mail you
        when they are ready to ship.
      </p>

      <h2>8. Shipping and self-collection</h2>
      <p>
        We deliver within Singapore only, in {policies.deliveryWorkingDays}. Fees and collection slots are on the{' '}
        <Link to="/shipping-and-delivery">Shipping and Delivery</Link> page.
      </p>

      <h2>9. Trading between users</h2>
      <p>
        You may offer prizes from your inventory to other users in the trading marketplace. Items in a trade or offer
        are locked until it is accepted, rejected or cancelled. An accepted trade swaps the items of both sides at once
        and is final. Items due to ship within 2 days cannot be traded. Kujiya is not a party to trades between users.
      </p>

      <h2>10. Changes and law</h2>
      <p>
        We may update these terms; the version on this page applies from its date. These terms are governed by the laws
        of Singapore. Questions? <Link to="/contact-us">Contact us</Link>.
      </p>
    </InfoLayout>
  );
}

import { Link } from 'react-router';
import { DELETION_COOLING_OFF_DAYS, RECORDS_KEPT_YEARS } from '@kujiya/shared';
import { policies } from '../policies';
import { InfoLayout } from './InfoLayout';

/** /privacy: what the shop keeps about a shopper, why, for how long, and how to ask (docs/rules/personal-data.md). */
export function PrivacyPage() {
  return (
    <InfoLayout
      title="Privacy"
      lead="What we keep about you, why, for how long, and how to get a copy or have your account deleted."
    >
      <p>
        Kujiya follows Singapore&apos;s Personal Data Protection Act (PDPA). We only keep what we need to run your
        draws, deliver your prizes and keep the records the law asks of a prize draw.
      </p>

      <h2>What we keep, and why</h2>
      <ul>
        <li>
          <strong>Your account:</strong> username, e-mail, phone number, name, delivery address and picture, to sign you
          in, reach you and send your parcels.
        </li>
        <li>
          <strong>Your purchases and draws:</strong> orders, payments, token ledger, every draw with its fairness
          receipt. These are the records of a promotional lottery.
        </li>
        <li>
          <strong>Your prizes:</strong> inventory, shipments, self-collections and trades.
        </li>
        <li>
          <strong>Notices:</strong> the messages under the bell and the e-mails we send you.
        </li>
      </ul>

      <h2>How long</h2>
      <p>
        Orders, draws, payments, token ledger rows, shipments, collections and trades are kept for at least{' '}
        {RECORDS_KEPT_YEARS} years, the record-keeping period for promotional lotteries in Singapore. They never change
        afterwards, so the public fairness log of every set stays verifiable.
      </p>

      <h2>Get a copy of your data</h2>
      <p>
        On your <Link to="/user-profile">profile</Link>, under <em>Your data</em>, choose <em>Download my data</em>: you
        get one JSON file with your profile, orders, draws, inventory, shipments, collections, trades, token ledger and
        notifications.
      </p>

      <h2>Delete your account</h2>
      <ul>
        <li>
          On your profile, choose <em>Delete my account</em> and confirm with your password. The deletion happens{' '}
          {DELETION_COOLING_OFF_DAYS} days later; until then you can still log in and <em>Cancel deletion</em>.
        </li>
        <li>
          When it happens, your username becomes an anonymous name (like <code>deleted-3f2a9c41b0</code>) and your
          e-mail, phone, name, address and picture are erased, also from past shipments, e-mails and notices. Every
          session ends.
        </li>
        <li>
          Your orders, draws, payments and token ledger stay, under the anonymous name, for the {RECORDS_KEPT_YEARS}{' '}
          years above. Open trades are cancelled.
        </li>
        <li>
          Items still in your inventory are forfeited. We tell you which ones when you ask, so you can ship or collect
          them first. A parcel still on its way holds the deletion until it is done.
        </li>
      </ul>

      <h2>Ask us</h2>
      <p>
        Questions about your data, or a request you cannot make in the app: write to{' '}
        <a href={`mailto:${policies.contactEmail}`}>{policies.contactEmail}</a> ({policies.supportHours}).
      </p>
    </InfoLayout>
  );
}

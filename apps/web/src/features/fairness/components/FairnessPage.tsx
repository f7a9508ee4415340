import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { buildPublicFairnessVerdict } from '@kujiya/shared';
import { ApiError } from '../../../lib/api-client';
import { useFairnessRound } from '../api/getFairnessRound';
import { roundStatusLabel } from '../lib/present';
import { CopyableCode } from './CopyableCode';
import { DrawLog } from './DrawLog';
import { HowItWorks } from './HowItWorks';
import { ReceiptCheck } from './ReceiptCheck';
import { RulesSection } from './RulesSection';
import { RoomOrderCheck } from './RoomOrderCheck';
import { VerificationSteps } from './VerificationSteps';
import { VerdictBanner } from './VerdictBanner';
import './fairness.css';

/**
 * /fairness/{setId}: a round's committed rules, commitment, live chained draw log and the verdict per
 * step; a pasted receipt (or one from a "verify" link) is checked against the log.
 */
export function FairnessPage() {
  const { setId = '' } = useParams();
  const round = useFairnessRound(setId);
  // Replays every draw in the browser with the shared engine; recomputed only when the data changes.
  const verdict = useMemo(() => (round.data ? buildPublicFairnessVerdict(round.data) : null), [round.data]);

  if (round.isPending) {
    return (
      <main className="page fairness">
        <div className="spinner" aria-label="Loading the round" />
      </main>
    );
  }
  if (round.isError || !round.data || !verdict) {
    const gone = round.error instanceof ApiError && (round.error.status === 404 || round.error.status === 400);
    return (
      <main className="page fairness">
        <h1 className="fairness__title">Fairness check</h1>
        <p className="error-text" role="alert">
          {gone ? 'Product not found' : 'The round could not be loaded. Please try again.'}
        </p>
        <Link className="btn btn--ghost" to="/ichiban-kuji-products">
          Back to the sets
        </Link>
      </main>
    );
  }

  const data = round.data;
  const ticketsDrawn = data.log.filter((entry) => entry.domain === 'ticket').length;
  return (
    <main className="page fairness">
      <p className="fairness__kicker">Fairness check</p>
      <h1 className="fairness__title">{data.productName}</h1>
      <p className="fairness__meta">
        <span>SKU {data.sku}</span>
        <span className={`fairness__status fairness__status--${data.status}`}>{roundStatusLabel(data.status)}</span>
        <span>
          {ticketsDrawn}/{data.box.length} tickets drawn
        </span>
      </p>

      <VerdictBanner round={data} verdict={verdict} />
      <VerificationSteps verdict={verdict} />
      <ReceiptCheck round={data} />
      <RulesSection round={data} />

      <section className="card fairness__section" aria-labelledby="fairness-seeds">
        <h2 id="fairness-seeds" className="fairness__heading">
          Seeds
        </h2>
        <p className="fairness__label">Commitment (SHA-256 of the server seed, published when the round opened)</p>
        <CopyableCode value={data.commitment} label="commitment" />
        <p className="fairness__label">Server seed</p>
        {data.serverSeed ? (
          <CopyableCode value={data.serverSeed} label="server seed" />
        ) : (
          <p className="fairness__secret">Secret until the round sells out or is reloaded.</p>
        )}
      </section>

      <section className="card fairness__section" aria-labelledby="fairness-box">
        <h2 id="fairness-box" className="fairness__heading">
          The box
        </h2>
        <p className="fairness__note">
          {data.box.length} tickets in a fixed order: ticket #0 first, Prize A tickets first, then B, and so on.
        </p>
        <ul className="fairness__prizes">
          {data.prizes.map((prize) => (
            <li key={prize.letter}>
              <span className="fairness__letter">{prize.letter}</span>× {prize.quantity}
            </li>
          ))}
          {data.doubleChancePrizes.map((prize) => (
            <li key={prize.rank} className="fairness__prizes-double">
              <span className="fairness__letter fairness__letter--double">{prize.rank}</span>
              {prize.name} × {prize.quantity}
            </li>
          ))}
        </ul>
      </section>

      <DrawLog round={data} verdict={verdict} />
      <RoomOrderCheck setId={data.setId} />
      <HowItWorks setId={data.setId} />
    </main>
  );
}

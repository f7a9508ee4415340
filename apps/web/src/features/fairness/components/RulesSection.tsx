import type { FairnessRound } from '@kujiya/shared';
import { CopyableCode } from './CopyableCode';

/** The committed rules document, its hash, and the chained log's live head. */
export function RulesSection({ round }: { round: FairnessRound }) {
  return (
    <section className="card fairness__section" aria-labelledby="fairness-rules">
      <h2 id="fairness-rules" className="fairness__heading">
        Committed rules and chained log
      </h2>
      {round.rules && round.rulesHash ? (
        <>
          <p className="fairness__label">Rules hash (SHA-256 of the rules document, published when the round opened)</p>
          <CopyableCode value={round.rulesHash} label="rules hash" />
          <details className="fairness__rules">
            <summary>Rules document</summary>
            <code data-testid="fairness-rules-document">{round.rules}</code>
          </details>
        </>
      ) : (
        <p className="fairness__note">This round opened before rules were committed.</p>
      )}
      {round.headHash && (
        <>
          <p className="fairness__label">Head of the chained log (changes with every draw)</p>
          <CopyableCode value={round.headHash} label="head hash" />
        </>
      )}
    </section>
  );
}

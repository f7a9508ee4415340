import type { FairnessRound, FairnessVerdict } from '@kujiya/shared';
import { LockIcon } from '../../../components/icons';
import { drawCountsText } from '../lib/present';

/** The outcome of the in-browser replay: verified, a mismatch naming the entry, or still secret. */
export function VerdictBanner({ round, verdict }: { round: FairnessRound; verdict: FairnessVerdict }) {
  if (verdict.firstMismatch) {
    return (
      <section className="fairness__verdict fairness__verdict--bad" role="alert">
        <span className="fairness__verdict-icon" aria-hidden="true">
          ✕
        </span>
        <div>
          <h2 className="fairness__verdict-title">Mismatch: {verdict.firstMismatch.label}</h2>
          <p>{verdict.firstMismatch.detail}</p>
          <p className="fairness__verdict-small">
            {verdict.checks.filter((check) => !check.ok).length} of {verdict.checks.length} checks failed.
          </p>
        </div>
      </section>
    );
  }
  if (verdict.ok) {
    return (
      <section className="fairness__verdict fairness__verdict--ok" role="status">
        <span className="fairness__verdict-icon" aria-hidden="true">
          ✓
        </span>
        <div>
          <h2 className="fairness__verdict-title">Verified: every draw matches the committed seed</h2>
          <p>
            Your browser replayed {drawCountsText(round)} from the revealed seed and the client seeds, and the seed's
            SHA-256 equals the commitment. All {verdict.checks.length} checks passed.
          </p>
        </div>
      </section>
    );
  }
  return (
    <section className="fairness__verdict fairness__verdict--pending" role="status">
      <span className="fairness__verdict-icon" aria-hidden="true">
        <LockIcon />
      </span>
      <div>
        <h2 className="fairness__verdict-title">Seed still secret</h2>
        <p>
          The server seed is revealed when the round sells out or is reloaded. Then this page replays every draw in your
          browser and shows the verdict. Until then, the log below is live and the box checks out.
        </p>
      </div>
    </section>
  );
}

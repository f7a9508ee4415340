import type { FairnessVerdict } from '@kujiya/shared';
import { verificationSteps } from '../lib/steps';

const MARK = { ok: '✓', bad: '✕', pending: '…' } as const;
const STATE_TEXT = { ok: 'Verified', bad: 'Failed', pending: 'Waiting' } as const;

/** The verdict per step: rules hash, chained log, structure, commitment, draw replay. */
export function VerificationSteps({ verdict }: { verdict: FairnessVerdict }) {
  const steps = verificationSteps(verdict);
  return (
    <section className="card fairness__section" aria-labelledby="fairness-steps">
      <h2 id="fairness-steps" className="fairness__heading">
        Checked in your browser
      </h2>
      <ol className="fairness__verify-steps">
        {steps.map((step) => (
          <li
            key={step.id}
            className={`fairness__step fairness__step--${step.state}`}
            data-testid={`fairness-step-${step.id}`}
            data-state={step.state}
          >
            <span className="fairness__step-mark" aria-hidden="true">
              {MARK[step.state]}
            </span>
            <div>
              <p className="fairness__step-title">
                {step.label} · <span className="fairness__step-state">{STATE_TEXT[step.state]}</span>
              </p>
              <p className="fairness__step-detail">{step.detail}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
